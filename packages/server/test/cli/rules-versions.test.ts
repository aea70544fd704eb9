import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { CURRENT_RULES } from '@txc/core';
import { SQLITE_FILE } from '../../src/store/store-location.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';

const lastSeq = (db: Database.Database): number =>
  (db.prepare('select max(seq) as seq from journal').get() as { seq: number }).seq;

/**
 * A data dir whose journal is under the first rules: a fresh venue's, with the rules it adopted at
 * seq 1 swapped for a harmless command and its snapshots gone, as an older txc would have left it.
 */
async function firstRulesDataDir(dir: string): Promise<void> {
  await (await TestServer.start({ database: 'sqlite' }, dir)).stop({ keepData: true });
  const db = new Database(join(dir, SQLITE_FILE));
  const first = db.prepare('select command from journal where seq = 1').get() as { command: string };
  assert.equal((JSON.parse(first.command) as { type: string }).type, 'AdoptRules');
  db.prepare('update journal set command = ? where seq = 1').run('{"type":"CreateUser","name":"zed","eea":false}');
  db.prepare('delete from snapshots').run();
  db.close();
}

describe('engine rules versions across txc versions', () => {
  const dataDir = tempDirs('txc-rules-');

  it('offline CLI commands read an older venue without adopting the rules; the server adopts them', async () => {
    const dir = dataDir();
    await firstRulesDataDir(dir);
    const db = new Database(join(dir, SQLITE_FILE), { readonly: true });
    const before = lastSeq(db);
    const show = await txc(['user', 'show', 'zed', '--data-dir', dir]);
    assert.equal(show.code, 0, show.stderr);
    assert.equal(lastSeq(db), before, 'a read journals nothing');

    await (await TestServer.start({ database: 'sqlite' }, dir)).stop({ keepData: true });
    const adopted = db.prepare('select command from journal where seq = ?').get(before + 1) as { command: string };
    assert.deepEqual(JSON.parse(adopted.command), { type: 'AdoptRules', version: CURRENT_RULES });
    db.close();
    const replay = await txc(['replay', '--verify', '--data-dir', dir]);
    assert.equal(replay.code, 0, replay.stderr);
    assert.equal((JSON.parse(replay.stdout) as { verified: boolean }).verified, true);
  });

  it('a store a newer txc wrote on refuses to load, saying so', async () => {
    const dir = dataDir();
    await (await TestServer.start({ database: 'sqlite' }, dir)).stop({ keepData: true });
    const db = new Database(join(dir, SQLITE_FILE));
    const seq = lastSeq(db) + 1;
    db.prepare('insert into journal (seq, time, command) values (?, ?, ?)').run(
      seq,
      Date.now() * 1000,
      `{"type":"AdoptRules","version":${CURRENT_RULES + 1}}`,
    );
    db.prepare('delete from snapshots').run();
    db.close();
    const message =
      `txc: the store was written by a newer txc (engine rules ${CURRENT_RULES + 1}; this one applies ` +
      `${CURRENT_RULES}): run that version or a later one\n`;
    const replay = await txc(['replay', '--data-dir', dir]);
    assert.deepEqual([replay.code, replay.stderr], [1, message]);
    const serve = await txc(['serve', '--port', '0', '--data-dir', dir]);
    assert.equal(serve.code, 1);
    assert.ok(serve.stderr.endsWith(message), serve.stderr);
  });
});
