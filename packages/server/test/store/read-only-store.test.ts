import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from '../support/postgres.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';

/** A store that opens and reads but takes no write is refused at start-up, not served as healthy. */
describe('a store txc may read but not write (PostgreSQL)', async () => {
  const skip = await postgresSkipReason();
  if (skip !== undefined) {
    it('runs against a real PostgreSQL', { skip }, () => undefined);
    return;
  }
  const dir = tempDirs('txc-read-only-store-');
  const role = `txc_reader_${randomBytes(4).toString('hex')}`;
  let db: TestDatabase;

  const asOwner = async (statements: string[]): Promise<void> => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };

  before(async () => {
    db = await createTestDatabase();
  });
  after(async () => {
    await asOwner([`DROP OWNED BY ${role}`, `DROP ROLE IF EXISTS ${role}`]).catch(() => undefined);
    await db.drop();
  });

  it('a role granted SELECT alone: start-up stops in one line naming why', async () => {
    const dataDir = dir();
    await (await TestServer.start({ database: db.url }, dataDir)).stop({ keepData: true });
    await asOwner([
      `CREATE ROLE ${role} LOGIN`,
      `GRANT USAGE ON SCHEMA public TO ${role}`,
      `GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`,
    ]);
    const reader = new URL(db.url);
    reader.username = role;
    reader.password = '';
    const started = await TestServer.start({ database: reader.toString() }, dataDir).catch((e: unknown) => e);
    if (started instanceof TestServer) {
      await started.stop({ keepData: true });
      assert.fail('served a store it cannot write');
    }
    assert.equal((started as Error).name, 'StoreOpenError');
    assert.match(
      (started as Error).message,
      /^the PostgreSQL store cannot be opened: it takes no writes \(permission denied for table \w+\)$/,
    );
  });
});
