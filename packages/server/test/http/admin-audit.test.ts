import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { withAdmin } from '../../src/cli/admin-access.js';
import { loadConfig } from '../../src/config/load.js';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import type { AuditPage, AuditView } from '../../src/admin/audit-log.js';
import { TestServer } from '../support/test-server.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

describe('the admin audit log', () => {
  let server: TestServer;
  let apiSecret: string;
  let seen = 0;

  /** The lines written since the previous call. */
  const newLines = async (): Promise<AuditView[]> => {
    const r = await server.admin('GET', `/admin/v1/audit?after=${seen}&limit=1000`);
    assert.equal(r.status, 200);
    const { entries } = r.body as AuditPage;
    seen = entries.at(-1)?.id ?? seen;
    return entries;
  };

  before(async () => {
    server = await TestServer.start();
  });
  after(() => server.stop());

  it('records who did what and when, in two lines per request, secrets redacted', async () => {
    const started = Date.now();
    await newLines();
    await server.admin('POST', '/admin/v1/users', { name: 'ann' });
    // a body is recorded as it came, before the route reads it: a field it refuses too
    const refused = await server.admin('POST', '/admin/v1/users/ann/api-keys', {
      permissions: ['trading'],
      note: { apiSecret: 'must-not-be-kept', password: 'nor-this' },
    });
    assert.equal(refused.status, 400);
    const key = await server.admin('POST', '/admin/v1/users/ann/api-keys', { permissions: ['trading'] });
    assert.equal(key.status, 201);
    apiSecret = (key.body as { apiSecret: string }).apiSecret;
    const lines = await newLines();
    assert.deepEqual(
      lines.map((l) => [l.stage, l.action, l.target, l.status]),
      [
        ['request', 'POST /admin/v1/users', '/admin/v1/users', null],
        ['response', 'POST /admin/v1/users', '/admin/v1/users', 201],
        ['request', 'POST /admin/v1/users/:name/api-keys', '/admin/v1/users/ann/api-keys', null],
        ['response', 'POST /admin/v1/users/:name/api-keys', '/admin/v1/users/ann/api-keys', 400],
        ['request', 'POST /admin/v1/users/:name/api-keys', '/admin/v1/users/ann/api-keys', null],
        ['response', 'POST /admin/v1/users/:name/api-keys', '/admin/v1/users/ann/api-keys', 201],
      ],
    );
    assert.deepEqual(lines[0]!.body, { name: 'ann' });
    assert.deepEqual(lines[2]!.body, {
      permissions: ['trading'],
      note: { apiSecret: '[redacted]', password: '[redacted]' },
    });
    assert.equal(lines[0]!.requestId, lines[1]!.requestId);
    assert.notEqual(lines[0]!.requestId, lines[2]!.requestId);
    for (const l of lines) {
      assert.ok(LOOPBACK.has(l.ip ?? ''), l.ip ?? 'no ip');
      assert.equal(l.actor, 'admin-api');
      assert.ok(l.time >= started - 1000 && l.time <= Date.now() + 1000);
      assert.equal(new Date(l.at).getTime(), l.time);
    }
    const everything = JSON.stringify((await server.admin('GET', '/admin/v1/audit?limit=1000')).body);
    assert.ok(!everything.includes(apiSecret) && !everything.includes('must-not-be-kept'));
  });

  it('records refusals with their status; reads change nothing and are not recorded', async () => {
    await newLines();
    assert.equal((await server.admin('POST', '/admin/v1/users', { name: 'ann' })).status, 409);
    assert.equal((await server.admin('DELETE', '/admin/v1/api-keys/nope')).status, 404);
    assert.equal((await server.admin('GET', '/admin/v1/users/ann')).status, 200);
    assert.equal((await server.admin('GET', '/admin/v1/ledger')).status, 200);
    const lines = await newLines();
    assert.deepEqual(
      lines.filter((l) => l.stage === 'response').map((l) => [l.action, l.status]),
      [
        ['POST /admin/v1/users', 409],
        ['DELETE /admin/v1/api-keys/:apiKey', 404],
      ],
    );
  });

  it('writes nothing for a caller without the token, nor for a body that does not parse', async () => {
    await newLines();
    assert.equal((await server.admin('POST', '/admin/v1/users', { name: 'x' }, 'wrong-token-wrong-token')).status, 401);
    const malformed = await fetch(`${server.url}/admin/v1/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: '{nope',
    });
    assert.equal(malformed.status, 400);
    assert.deepEqual(await newLines(), []);
  });

  it('keeps no query string: a token put there is not in the log', async () => {
    await newLines();
    const token = server.adminToken;
    const r = await server.admin('POST', `/admin/v1/users?token=${token}&note=x`, { name: 'quinn' });
    assert.equal(r.status, 201);
    const lines = await newLines();
    assert.deepEqual(
      lines.map((l) => l.target),
      ['/admin/v1/users?[redacted]', '/admin/v1/users?[redacted]'],
    );
    assert.ok(!JSON.stringify(lines).includes(token));
  });

  it('keeps what a caller declares itself, cleaned', async () => {
    await newLines();
    const r = await fetch(`${server.url}/admin/v1/index-prices`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.adminToken}`,
        'content-type': 'application/json',
        'x-txc-admin-actor': 'ops:dana\tshift-2',
      },
      body: JSON.stringify({ ticker: 'BTC', price: '61000' }),
    });
    assert.equal(r.status, 200);
    const lines = await newLines();
    assert.deepEqual(
      lines.map((l) => [l.action, l.actor]),
      [
        ['POST /admin/v1/index-prices', 'ops:dana?shift-2'],
        ['POST /admin/v1/index-prices', 'ops:dana?shift-2'],
      ],
    );
  });

  it('pages by id and refuses bad paging', async () => {
    const first = (await server.admin('GET', '/admin/v1/audit?limit=2')).body as AuditPage;
    assert.equal(first.entries.length, 2);
    assert.equal(first.next, first.entries[1]!.id);
    const second = (await server.admin('GET', `/admin/v1/audit?after=${first.next}&limit=2`)).body as AuditPage;
    assert.ok(second.entries[0]!.id > (first.next ?? 0));
    for (const q of ['limit=0', 'limit=1001', 'after=-1', 'limit=x']) {
      const r = await server.admin('GET', `/admin/v1/audit?${q}`);
      assert.equal(r.status, 400, q);
      assert.equal(typeof (r.body as { error: unknown }).error, 'string');
    }
  });

  it('the CLI working on the store itself is audited too, as itself', async () => {
    await newLines();
    await server.stop({ keepData: true });
    const config = loadConfig({
      env: {},
      flags: { dataDir: server.dataDir, database: server.databaseUrl, venue: DEMO_VENUE_FILE, logLevel: 'silent' },
    });
    await withAdmin(config, (admin) => admin.createUser({ name: 'cli-made' }));
    await assert.rejects(withAdmin(config, (admin) => admin.createUser({ name: 'cli-made' })));
    await server.restart();
    const lines = (await newLines()).filter((l) => l.action.startsWith('cli '));
    assert.deepEqual(
      lines.map((l) => [l.stage, l.action, l.target, l.status, l.ip]),
      [
        ['request', 'cli createUser', 'cli-made', null, null],
        ['response', 'cli createUser', 'cli-made', 200, null],
        ['request', 'cli createUser', 'cli-made', null, null],
        ['response', 'cli createUser', 'cli-made', 409, null],
      ],
    );
    assert.deepEqual(lines[0]!.body, { name: 'cli-made' });
    assert.match(lines[0]!.actor, /^cli:.+@.+$/);
  });
});
