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

  it('keeps nothing of links written together with one that fails, and knows their statements after', async () => {
    const newStatement = 'insert into "b" ("k") values (? + 1000)';
    // sent in one turn: the thread writes them in one transaction, which the duplicate key fails
    const results = await Promise.allSettled([
      writer.link(writes([INSERT_A, [4, 'four']])),
      writer.link(writes([INSERT_A, [1, 'duplicate']])),
      writer.link(writes([newStatement, [1]])),
    ]);
    assert.ok(results.every((r) => r.status === 'rejected'));
    assert.ok((results[1] as PromiseRejectedResult).reason instanceof SqliteWriteError);
    assert.deepEqual(
      rows('a').map((r) => (r as unknown[])[0]),
      [1, 2, 3],
    );
    // the failed link was the first to use this statement: its text is not sent again
    await writer.link(writes([newStatement, [2]]));
    assert.deepEqual(rows('b'), [[10], [1002]]);
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
    assert.deepEqual(rows('b'), [[10], [20], [1002]]);
  });
});
