import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';

describe('periodic snapshots (every N commands, and at shutdown)', () => {
  it('snapshots every N commands under load, keeps the latest ones, and starts from snapshot + tail', async () => {
    const server = await TestServer.start({ snapshots: { everyCommands: 5, keep: 2 } });
    try {
      const { client } = await server.user('sami');
      // Concurrent deposits: several land in one group commit, so snapshots fall on batch boundaries.
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          server.admin('POST', '/admin/v1/deposits', { user: 'sami', ticker: 'USDT', amount: `1.00000${i % 10}` }),
        ),
      );
      const seq = server.server.venue.state.seq;
      // A snapshot is saved just after the commit it covers, off the reply path: wait for it.
      let snapshotSeq = 0;
      for (let tries = 0; tries < 100 && seq - snapshotSeq >= 5; tries++) {
        if (tries > 0) await new Promise((r) => setTimeout(r, 50));
        snapshotSeq = ((await (await fetch(`${server.url}/health`)).json()) as { snapshotSeq: number }).snapshotSeq;
      }
      assert.ok(seq - snapshotSeq < 5, `the latest snapshot (${snapshotSeq}) is less than 5 commands behind ${seq}`);
      const rows = await server.server.venue.store.db.selectFrom('snapshots').select('seq').execute();
      assert.ok(rows.length <= 2, 'only the latest two are kept');

      const balance = await client.mainBalance('USDT');
      await server.restart();
      assert.deepEqual(await server.client(...(await keyOf(server, 'sami'))).mainBalance('USDT'), balance);
      const latest = await server.server.venue.store.latestSnapshot();
      assert.equal(latest?.seq, seq, 'the graceful stop snapshotted the final state');
    } finally {
      await server.stop({ keepData: true });
    }
    const r = await txc(['replay', '--verify', '--data-dir', server.dataDir, '--database', server.databaseUrl]);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { verified: boolean; snapshot: { matchesJournal: boolean } };
    assert.equal(report.verified, true);
    assert.equal(report.snapshot.matchesJournal, true);
    await server.stop().catch(() => undefined);
  });
});

async function keyOf(server: TestServer, user: string): Promise<[string, string]> {
  const key = await server.admin('POST', `/admin/v1/users/${user}/api-keys`, { permissions: ['main-account'] });
  const { apiKey, apiSecret } = key.body as { apiKey: string; apiSecret: string };
  return [apiKey, apiSecret];
}
