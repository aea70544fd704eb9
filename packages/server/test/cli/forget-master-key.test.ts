import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { masterKeyFile } from '../support/master-key-file.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';

interface ForgetReport {
  forgotten: string[];
  to: string;
  revokedApiKeys: { apiKey: string; user: string }[];
  alreadyRevoked: number;
  resealedApiKeys: number;
  demoCredentials: string | null;
  savedStates: string[];
}

/**
 * A venue whose master key is lost: the store refuses every other key (a mistyped one must never
 * silently disable every API key), and `txc master-key forget` is the way out, explicit and audited.
 */
describe('txc master-key forget', async () => {
  const dir = tempDirs('txc-forget-');
  const skip = await postgresSkipReason();

  const keyFile = (): { file: string; id: string } => masterKeyFile(dir());

  async function keyOf(user: string, flags: string[]): Promise<{ apiKey: string; apiSecret: string }> {
    const made = await txc(['key', 'create', user, '--json', ...flags]);
    assert.equal(made.code, 0, made.stderr);
    return JSON.parse(made.stdout) as { apiKey: string; apiSecret: string };
  }

  it('SQLite: refuses while nothing is lost or the lost key is not named; then revokes what the lost key sealed', async () => {
    const lostKey = keyFile();
    const newKey = keyFile();
    const dataDir = dir();
    const demo = await TestServer.start({ masterKeyFile: lostKey.file, demo: true }, dataDir);
    const demoKeys = JSON.parse(readFileSync(demo.server.credentialsFile!, 'utf8')) as { apiKey: string };
    await demo.stop({ keepData: true });
    const flags = ['--data-dir', dataDir, '--master-key-file', lostKey.file];
    assert.equal((await txc(['user', 'create', 'lena', ...flags])).code, 0);
    const lena = await keyOf('lena', flags);
    const old = await keyOf('lena', flags);
    assert.equal((await txc(['key', 'revoke', old.apiKey, ...flags])).code, 0);

    // the configured key opens the store: nothing is lost, rotate is the tool
    const kept = await txc(['master-key', 'forget', '--to', newKey.file, '--lost', lostKey.id, ...flags]);
    assert.deepEqual(
      [kept.code, kept.stderr],
      [
        1,
        `txc: the configured master key ${lostKey.id} opens this store: nothing is lost (to change keys: txc master-key rotate --to ${newKey.file})\n`,
      ],
    );

    rmSync(lostKey.file);
    // the refusal stays: a store never opens under another key by itself
    const refused = await txc(['serve', '--port', '0', '--data-dir', dataDir, '--master-key-file', newKey.file]);
    assert.equal(refused.code, 1);
    assert.match(
      refused.stderr,
      new RegExp(`sealed under master key ${lostKey.id}, but the configured master key is ${newKey.id}`),
    );
    assert.match(refused.stderr, /txc master-key forget/);

    // without the lost key named, it says what it would drop, and drops nothing
    const forget = ['master-key', 'forget', '--to', newKey.file, ...flags];
    const unnamed = await txc(forget);
    const wouldDrop =
      `txc: this drops every secret sealed under master key ${lostKey.id}: its API keys are revoked (their users need new ones) ` +
      `and the demo credentials dropped. If that key is lost, run again with --lost ${lostKey.id}; if it is not, configure it instead\n`;
    assert.deepEqual([unnamed.code, unnamed.stderr], [1, wouldDrop]);
    assert.deepEqual((await txc([...forget, '--lost', newKey.id])).stderr, wouldDrop);
    assert.equal(
      (await txc(['user', 'show', 'lena', '--data-dir', dataDir, '--master-key-file', newKey.file])).code,
      1,
    );

    const forgotten = await txc([...forget, '--lost', lostKey.id]);
    assert.equal(forgotten.code, 0, forgotten.stderr);
    const report = JSON.parse(forgotten.stdout) as ForgetReport;
    assert.deepEqual(
      [report.forgotten, report.to, report.alreadyRevoked, report.resealedApiKeys, report.demoCredentials],
      [[lostKey.id], newKey.id, 1, 0, 'dropped'],
    );
    assert.deepEqual(
      report.revokedApiKeys.map((k) => k.user).sort(),
      ['demo', 'demo_eea', 'lena'],
      'every key that worked is revoked',
    );
    assert.ok(report.revokedApiKeys.some((k) => k.apiKey === lena.apiKey && k.user === 'lena'));
    assert.ok(report.revokedApiKeys.some((k) => k.apiKey === demoKeys.apiKey));
    assert.deepEqual(report.savedStates, ['initial']);

    // nothing more is lost: a second run is refused
    const again = await txc([...forget, '--lost', lostKey.id]);
    assert.deepEqual(
      [again.code, again.stderr],
      [1, `txc: ${newKey.file} holds the master key this store is sealed under (${newKey.id}): configure it\n`],
    );

    let renewedKey: string | undefined;
    const server = await TestServer.start({ masterKeyFile: newKey.file, demo: true }, dataDir);
    try {
      await assert.rejects(server.client(lena.apiKey, lena.apiSecret).mainBalance('BTC'));
      // the demo users got new keys, written where the demo's credentials always are
      const renewed = JSON.parse(readFileSync(server.server.credentialsFile!, 'utf8')) as {
        apiKey: string;
        apiSecret: string;
      };
      assert.notEqual(renewed.apiKey, demoKeys.apiKey);
      renewedKey = renewed.apiKey;
      assert.deepEqual(await server.client(renewed.apiKey, renewed.apiSecret).mainBalance('BTC'), {
        main_balance: '10',
      });
      const fresh = (await server.admin('POST', '/admin/v1/users/lena/api-keys', {})).body as {
        apiKey: string;
        apiSecret: string;
      };
      assert.deepEqual(await server.client(fresh.apiKey, fresh.apiSecret).mainBalance('BTC'), { main_balance: '0' });
      const audit = (await server.admin('GET', '/admin/v1/audit?limit=1000')).body as {
        entries: { action: string; target: string; status: number | null; body: unknown }[];
      };
      const lines = audit.entries.filter((e) => e.action === 'cli forgetMasterKey');
      assert.deepEqual(
        lines.map((e) => [e.target, e.status]),
        [
          [JSON.stringify({ forgotten: [lostKey.id], to: newKey.id }), null],
          [JSON.stringify({ forgotten: [lostKey.id], to: newKey.id }), 200],
        ],
      );
      assert.deepEqual((lines[0]!.body as { revokedApiKeys: string[] }).revokedApiKeys.sort(), [
        ...report.revokedApiKeys.map((k) => k.apiKey).sort(),
      ]);
      // a state saved under the lost key loads under the new one, and keeps the demo keys issued since
      assert.equal((await server.admin('POST', '/admin/v1/reset')).status, 200);
      const demoClient = server.client(renewed.apiKey, renewed.apiSecret);
      assert.deepEqual(await demoClient.mainBalance('BTC'), { main_balance: '10' });
      await assert.rejects(server.client(fresh.apiKey, fresh.apiSecret).mainBalance('BTC'), 'keys made since go');
    } finally {
      await server.stop({ keepData: true });
    }
    // and the next start keeps them too, as the credentials file says
    const restarted = await TestServer.start({ masterKeyFile: newKey.file, demo: true }, dataDir);
    try {
      const kept = JSON.parse(readFileSync(restarted.server.credentialsFile!, 'utf8')) as { apiKey: string };
      assert.equal(kept.apiKey, renewedKey);
    } finally {
      await restarted.stop({ keepData: true });
    }
  });

  it('rotate and forget on a data dir with no store refuse, and make none', async () => {
    const dataDir = dir();
    const flags = ['--data-dir', dataDir, '--master-key-file', keyFile().file];
    const rotate = await txc(['master-key', 'rotate', '--to', keyFile().file, ...flags]);
    const forget = await txc(['master-key', 'forget', '--to', keyFile().file, '--lost', 'x', ...flags]);
    const refusal = `txc: no store at ${join(dataDir, 'txc.sqlite')}\n`;
    assert.deepEqual([rotate.code, rotate.stderr], [1, refusal]);
    assert.deepEqual([forget.code, forget.stderr], [1, refusal]);
    assert.equal(existsSync(join(dataDir, 'txc.sqlite')), false);
  });

  it('PostgreSQL: the same way out', { skip }, async () => {
    const db = await createTestDatabase();
    try {
      const lostKey = keyFile();
      const newKey = keyFile();
      const dataDir = dir();
      const flags = ['--data-dir', dataDir, '--database', db.url];
      await (
        await TestServer.start({ masterKeyFile: lostKey.file, database: db.url }, dataDir)
      ).stop({
        keepData: true,
      });
      assert.equal((await txc(['user', 'create', 'piet', ...flags, '--master-key-file', lostKey.file])).code, 0);
      const piet = await keyOf('piet', [...flags, '--master-key-file', lostKey.file]);
      rmSync(lostKey.file);

      const forgotten = await txc(['master-key', 'forget', '--to', newKey.file, '--lost', lostKey.id, ...flags]);
      assert.equal(forgotten.code, 0, forgotten.stderr);
      const report = JSON.parse(forgotten.stdout) as ForgetReport;
      assert.deepEqual(report.revokedApiKeys, [{ apiKey: piet.apiKey, user: 'piet' }]);
      assert.equal(report.demoCredentials, null);

      const server = await TestServer.start({ masterKeyFile: newKey.file, database: db.url }, dataDir);
      try {
        await assert.rejects(server.client(piet.apiKey, piet.apiSecret).mainBalance('BTC'));
      } finally {
        await server.stop({ keepData: true });
      }
      const shown = await txc(['user', 'show', 'piet', ...flags, '--master-key-file', newKey.file]);
      assert.equal(shown.code, 0, shown.stderr);
    } finally {
      await db.drop();
    }
  });
});
