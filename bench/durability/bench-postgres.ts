import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server benchmarks use: TXC_BENCH_PG_URL, or the machine's own. */
const ADMIN_URL = process.env.TXC_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh database for one measurement; `drop` removes it. */
export async function benchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `txc_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
