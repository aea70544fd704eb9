import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { SqliteWriteError, SqliteWriter, TransactionWrites } from '../../src/store/sqlite-writer.js';

const INSERT_A = 'insert into "a" ("k", "v") values (?, ?)';
const INSERT_B = 'insert into "b" ("k") values (?)';
const COUNT_A = 'update "counts" set "n" = "n" + 1 where "name" = \'a\'';

function writes(...ops: [sql: string, params: unknown[]][]): TransactionWrites {
  const w = new TransactionWrites();
  for (const [sql, params] of ops) w.add(sql, params);
  return w;
}

describe('the SQLite writer thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'txc-writer-'));
  const file = join(dir, 'writer.sqlite');
  let reader: Database.Database;
  let writer: SqliteWriter;

  before(() => {
    reader = new Database(file);
    reader.pragma('journal_mode = WAL');
    reader.exec(`create table "a" ("k" integer primary key, "v" text not null);
      create table "b" ("k" integer primary key);
      create table "counts" ("name" text primary key, "n" integer not null);
      insert into "counts" values ('a', 0);`);
    writer = new SqliteWriter(file, ['synchronous = FULL']);
  });
  after(async () => {
    await writer.close();
    reader.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const rows = (table: string): unknown[] => reader.prepare(`select * from "${table}" order by 1`).raw(true).all();

  it('runs each statement with its own parameters, in order, statements without parameters included', async () => {
    await writer.link(
      writes([INSERT_A, [1, 'one']], [COUNT_A, []], [INSERT_B, [10]], [INSERT_A, [2, 'two']], [COUNT_A, []]),
    );
    // the same statements again: their texts were sent with the first transaction only
    await writer.link(writes([INSERT_A, [3, 'three']], [COUNT_A, []]));
    assert.deepEqual(rows('a'), [
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
    assert.deepEqual(rows('b'), [[10]]);
    assert.deepEqual(rows('counts'), [['a', 3]]);
  });

  it('keeps nothing of a transaction one of whose statements fails', async () => {
    await assert.rejects(writer.link(writes([INSERT_A, [4, 'four']], [INSERT_A, [1, 'duplicate']])), SqliteWriteError);
    assert.deepEqual(
      rows('a').map((r) => (r as unknown[])[0]),
      [1, 2, 3],
    );
  });

  it('knows the statements first sent with links it failed or refused', async () => {
    const plus1000 = 'insert into "b" ("k") values (? + 1000)';
    const plus2000 = 'insert into "b" ("k") values (? + 2000)';
    // long enough for the next links to queue up while it runs: the thread then refuses them
    // without running them (or, had they arrived first, writes them in the transaction that fails)
    const slow =
      'insert into "b" ("k") select 5000 + count(*) from (with recursive c(x) as ' +
      '(select 1 union all select x + 1 from c where x < 2000000) select x from c)';
    const failing = writer.link(writes([slow, []], [INSERT_A, [1, 'duplicate']]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = [writer.link(writes([plus1000, [1]])), writer.link(writes([plus2000, [1]]))];
    await assert.rejects(failing, SqliteWriteError);
    for (const link of refused) await assert.rejects(link);
    // their texts were sent with the refused links only: the thread must have kept them
    await writer.link(writes([plus1000, [2]], [plus2000, [2]]));
    assert.deepEqual(rows('b'), [[10], [1002], [2002]]);
  });

  it('sends the statements again to a thread started after one died', async () => {
    const thread = (writer as unknown as { worker: Worker | undefined }).worker;
    assert.ok(thread !== undefined);
    await thread.terminate();
    await writer.link(writes([INSERT_A, [5, 'five']], [COUNT_A, []]));
    assert.deepEqual(rows('a').at(-1), [5, 'five']);
    assert.deepEqual(rows('counts'), [['a', 4]]);
  });

  it('writes a transaction outside the commit chain', async () => {
    await writer.transaction(writes([INSERT_B, [20]]));
    assert.deepEqual(rows('b'), [[10], [20], [1002], [2002]]);
  });
});
