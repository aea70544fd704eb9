import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { startChildServer } from '../support/child-server.js';
import { tempDirs } from '../support/temp-dirs.js';
import { txc } from '../support/txc-cli.js';

interface Report {
  readonly seq: number;
  readonly verified: boolean;
  readonly snapshot: { readonly seq: number; readonly matchesJournal: boolean } | null;
}

describe('txc replay --verify beside a server that keeps writing', () => {
  const dataDir = tempDirs('txc-replay-live-');

  it('verifies one prefix of the journal, the same for both rebuilds, and names its seq', async () => {
    const dir = dataDir();
    // snapshots taken all along, so that the latest one changes while the replay runs
    const server = await startChildServer({
      dataDir: dir,
      venue: DEMO_VENUE_FILE,
      snapshots: { everyCommands: 25, keep: 2 },
    });
    const admin = (path: string, body: unknown): Promise<Response> =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const seqNow = async (): Promise<number> => {
      const r = await fetch(`${server.url}/health`);
      return ((await r.json()) as { seq: number }).seq;
    };
    let writing = true;
    let deposits = 0;
    let writer: Promise<void> = Promise.resolve();
    try {
      assert.equal((await admin('/admin/v1/users', { name: 'ada' })).status, 201);
      writer = (async () => {
        while (writing) {
          const r = await admin('/admin/v1/deposits', { user: 'ada', ticker: 'USDT', amount: '1' });
          assert.equal(r.status, 201, await r.text());
          deposits++;
        }
      })();
      while (deposits < 200) await Promise.race([writer, new Promise((resolve) => setTimeout(resolve, 50))]);
      const before = await seqNow();
      const r = await txc(['replay', '--verify', '--data-dir', dir]);
      const depositsDuring = deposits;
      writing = false;
      await writer;
      const after = await seqNow();

      assert.equal(r.code, 0, r.stderr);
      const report = JSON.parse(r.stdout) as Report;
      assert.equal(report.verified, true);
      assert.ok(report.seq >= before, `verified ${report.seq}, the journal was at ${before} before`);
      assert.ok(report.snapshot !== null && report.snapshot.matchesJournal && report.snapshot.seq <= report.seq);
      assert.ok(after > report.seq, `the server journaled past the verified seq (${after} > ${report.seq})`);
      assert.ok(depositsDuring > 0);
      assert.match(
        r.stderr,
        new RegExp(
          `^txc replay --verify: seq ${report.seq} verified: genesis and the snapshot at seq ${report.snapshot.seq} agree`,
          'm',
        ),
      );
    } finally {
      writing = false;
      await writer.catch(() => undefined);
      await server.stop();
    }
  });
});
