import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { SQLITE_FILE } from '../../src/store/store-location.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';

const FUTURE = '0099-future';
const REFUSAL = `txc: the store was written by a newer txc (migrations ${FUTURE}): run that version or a later one\n`;

describe('an older txc on a store a newer one migrated', async () => {
  const dataDir = tempDirs('txc-newer-store-');
  const skip = await postgresSkipReason();

  /** Every way into a store that would migrate it: each must say what the documentation says. */
  async function assertRefused(dir: string, store: string[]): Promise<void> {
    const newKey = join(dataDir(), 'new-master-key');
    writeFileSync(newKey, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    const commands = [
      ['serve', '--port', '0', '--log-level', 'error'],
      ['user', 'show', 'nobody'],
      ['user', 'create', 'olivia'],
      ['index-price', 'BTC', '100'],
      ['master-key', 'rotate', '--to', newKey],
    ];
    for (const args of commands) {
      const r = await txc([...args, '--data-dir', dir, ...store]);
      assert.deepEqual([r.code, r.stderr], [1, REFUSAL], args.join(' '));
    }
  }

  it('SQLite', async () => {
    const dir = dataDir();
    await (await TestServer.start({ database: 'sqlite' }, dir)).stop({ keepData: true });
    const db = new Database(join(dir, SQLITE_FILE));
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(FUTURE, '2027');
    db.close();
    await assertRefused(dir, []);
  });

  it('PostgreSQL', { skip }, async () => {
    const db = await createTestDatabase();
    try {
      const dir = dataDir();
      await (await TestServer.start({ database: db.url }, dir)).stop({ keepData: true });
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query('insert into kysely_migration (name, timestamp) values ($1, $2)', [FUTURE, '2027']);
      await client.end();
      await assertRefused(dir, ['--database', db.url]);
    } finally {
      await db.drop();
    }
  });
});
