import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';

describe('a data dir remembers which kind of store its venue keeps', async () => {
  const dataDir = tempDirs('txc-store-kind-');
  const skip = await postgresSkipReason();

  it('a PostgreSQL venue’s data dir refuses a start or a command without --database', { skip }, async () => {
    const db = await createTestDatabase();
    const dir = dataDir();
    try {
      await (await TestServer.start({ database: db.url }, dir)).stop({ keepData: true });
      const refusal = `txc: the venue of ${dir} keeps its store on PostgreSQL: name it with --database or TXC_DATABASE_URL\n`;
      for (const args of [['serve', '--port', '0', '--demo'], ['replay'], ['backup', join(dir, 'copy.sqlite')]]) {
        const r = await txc([...args, '--data-dir', dir]);
        assert.deepEqual([r.code, r.stderr], [1, refusal], args.join(' '));
      }
      // nothing was created beside it
      assert.equal(existsSync(join(dir, 'txc.sqlite')), false);
      const replay = await txc(['replay', '--data-dir', dir, '--database', db.url]);
      assert.equal(replay.code, 0, replay.stderr);
    } finally {
      await db.drop();
    }
  });

  it('a venue on a SQLite file of its own refuses the data dir’s default store', async () => {
    const dir = dataDir();
    const file = join(dataDir(), 'venue.sqlite');
    await (await TestServer.start({ database: `sqlite:${file}` }, dir)).stop({ keepData: true });
    const r = await txc(['replay', '--data-dir', dir, '--database', 'sqlite']);
    assert.deepEqual(
      [r.code, r.stderr],
      [
        1,
        `txc: the venue of ${dir} keeps its store in SQLite (sqlite:${file}): name that with --database, not another\n`,
      ],
    );
    const named = await txc(['replay', '--data-dir', dir, '--database', `sqlite:${file}`]);
    assert.equal(named.code, 0, named.stderr);
  });

  it('a SQLite venue’s data dir refuses a PostgreSQL database', { skip }, async () => {
    const dir = dataDir();
    await (await TestServer.start({ database: 'sqlite' }, dir)).stop({ keepData: true });
    const r = await txc(['replay', '--data-dir', dir, '--database', 'postgres://postgres@127.0.0.1:5432/postgres']);
    assert.deepEqual(
      [r.code, r.stderr],
      [
        1,
        `txc: the venue of ${dir} keeps its store in SQLite (txc.sqlite there): name that with --database, not another\n`,
      ],
    );
  });
});
