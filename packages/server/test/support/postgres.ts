import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Where the test PostgreSQL server is: TXC_TEST_PG_URL, or the machine's own on 127.0.0.1:5432. */
export const ADMIN_URL = process.env.TXC_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REQUIRED = process.env.TXC_REQUIRE_PG === '1';

export interface TestDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

async function reachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Whether PostgreSQL tests run: always when TXC_REQUIRE_PG=1 (CI, where a missing server is a
 * failure), otherwise only when a server answers — and then the skip says so.
 */
export async function postgresSkipReason(): Promise<string | undefined> {
  if (REQUIRED) return undefined;
  return (await reachable())
    ? undefined
    : `no PostgreSQL at ${ADMIN_URL} (set TXC_REQUIRE_PG=1 to make this a failure)`;
}

/** A fresh, empty database for one test suite, dropped afterwards. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `txc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop(): Promise<void> {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
