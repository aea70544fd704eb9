import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AuditPage } from '../../src/admin/audit-log.js';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';

describe('txc audit, and the master key from the command line', () => {
  let server: TestServer;

  before(async () => {
    server = await TestServer.start();
    await server.user('olga');
  });
  after(() => server.stop());

  it('reads the audit log through the running server, where the CLI is recorded as itself', async () => {
    const created = await txc(['user', 'create', 'pia', '--data-dir', server.dataDir]);
    assert.equal(created.code, 0, created.stderr);
    const r = await txc(['audit', '--limit', '1000', '--data-dir', server.dataDir]);
    assert.equal(r.code, 0, r.stderr);
    const page = JSON.parse(r.stdout) as AuditPage;
    assert.ok(page.entries.some((e) => e.action === 'POST /admin/v1/users/:name/api-keys' && e.status === 201));
    const byCli = page.entries.filter((e) => e.action === 'POST /admin/v1/users' && e.actor !== 'admin-api');
    assert.deepEqual(
      byCli.map((e) => [e.stage, e.status]),
      [
        ['request', null],
        ['response', 201],
      ],
    );
    assert.match(byCli[0]!.actor, /^cli:.+@.+$/);
    assert.equal((await txc(['audit', '--limit', 'x', '--data-dir', server.dataDir])).code, 1);
  });

  it('refuses to open a store with another master key, naming the problem', async () => {
    await server.stop({ keepData: true });
    const keyFile = join(server.dataDir, 'other-key');
    writeFileSync(keyFile, randomBytes(32).toString('hex'), { mode: 0o600 });
    const flags = ['--data-dir', server.dataDir, '--database', server.databaseUrl];
    const wrong = await txc(['user', 'show', 'olga', ...flags, '--master-key-file', keyFile]);
    assert.equal(wrong.code, 1);
    assert.match(
      wrong.stderr,
      /^txc: the store's secrets are sealed under master key [0-9a-f]{16}, but the configured master key is/,
    );
    const right = await txc(['user', 'show', 'olga', ...flags]);
    assert.equal(right.code, 0, right.stderr);
    await server.restart();
  });
});
