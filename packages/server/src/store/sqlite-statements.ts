import { randomUUID } from 'node:crypto';
import type { Database } from './database.js';
import { apiKeyRow, auditRow, PROBE_KEY } from './kysely-store.js';
import type { CommitBatch, ProjectionWrite, SnapshotRecord } from './port.js';
import { TransactionWrites } from './sqlite-writer.js';
import { USER_HISTORY_CATCH_UP } from './user-history.js';

/*
 * The SQLite store's writes as the writer thread runs them (sqlite-writer.ts): plain SQL texts with
 * `?` parameters, each built once per shape (table and columns) and kept, so that the thread
 * prepares each text once for the life of its connection. One execution per row: SQLite runs in
 * the process, so there is no round trip to save, and a prepared single-row statement costs less
 * than a multi-row one compiled anew for every group commit.
 */

type Row = Readonly<Record<string, unknown>>;

const JOURNAL = 'insert into "journal" ("seq", "time", "command") values (?, ?, ?)';
const API_KEY =
  'insert into "api_keys" ("api_key", "secret", "user_name", "permissions", "ips", "created_at", "revoked_at", ' +
  '"sub_account_key") values (?, ?, ?, ?, ?, ?, ?, ?) on conflict ("api_key") do update set "secret" = excluded."secret", ' +
  '"permissions" = excluded."permissions", "ips" = excluded."ips", "revoked_at" = excluded."revoked_at", ' +
  '"sub_account_key" = excluded."sub_account_key"';
const NONCE =
  'insert into "api_nonces" ("api_key", "high_water") values (?, ?) ' +
  'on conflict ("api_key") do update set "high_water" = excluded."high_water"';
const WINDOW_NONCE = 'insert into "api_window_nonces" ("api_key", "nonce") values (?, ?) on conflict do nothing';
const FORGET_WINDOW_NONCES = 'delete from "api_window_nonces" where "nonce" < ?';
const AUDIT =
  'insert into "admin_audit" ("request_id", "stage", "time", "actor", "ip", "action", "target", "body", "status") ' +
  'values (?, ?, ?, ?, ?, ?, ?, ?, ?)';
const META =
  'insert into "meta" ("key", "value") values (?, ?) on conflict ("key") do update set "value" = excluded."value"';
const SNAPSHOT =
  'insert into "snapshots" ("seq", "time", "state", "hash") values (?, ?, ?, ?) on conflict ("seq") do nothing';
const FORGET_SNAPSHOTS =
  'delete from "snapshots" where "seq" < ' +
  '(select min("seq") from (select "seq" from "snapshots" order by "seq" desc limit ?))';

/** SQL texts of projection writes, by shape. */
const projectionSql = new Map<string, string>();

function sqlFor(shape: string, build: () => string): string {
  let text = projectionSql.get(shape);
  if (text === undefined) {
    text = build();
    projectionSql.set(shape, text);
  }
  return text;
}

const quoted = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(', ');

/** The columns a row sets: an undefined value is no value, as Kysely treats it. */
function columnsOf(row: Row): string[] {
  return Object.keys(row).filter((k) => row[k] !== undefined);
}

/** The columns of the last insert into each table: a table's rows nearly always have the same. */
const lastInsert = new Map<string, { readonly columns: readonly string[]; readonly sql: string }>();

/** The values of `row` in the order of `columns`, if it sets exactly those columns. */
function valuesIn(columns: readonly string[], row: Row): unknown[] | undefined {
  const values: unknown[] = [];
  let i = 0;
  for (const key in row) {
    const value = row[key];
    if (value === undefined) continue;
    if (key !== columns[i++]) return undefined;
    values.push(value);
  }
  return i === columns.length ? values : undefined;
}

function addInsert(writes: TransactionWrites, table: keyof Database, row: Row): void {
  const last = lastInsert.get(table);
  const values = last === undefined ? undefined : valuesIn(last.columns, row);
  if (last !== undefined && values !== undefined) return writes.add(last.sql, values);
  const columns = columnsOf(row);
  const sql = sqlFor(`insert ${table} ${columns.join()}`, () => insertSql(table, columns));
  lastInsert.set(table, { columns, sql });
  writes.add(
    sql,
    columns.map((c) => row[c]),
  );
}

function addProjection(writes: TransactionWrites, write: ProjectionWrite): void {
  const table: keyof Database = write.table;
  switch (write.op) {
    case 'insert':
      return addInsert(writes, table, write.row);
    case 'upsert': {
      const columns = columnsOf(write.row);
      const sql = sqlFor(`upsert ${table} ${columns.join()} ${write.key.join()}`, () => {
        const updated = columns.filter((c) => !write.key.includes(c));
        const action =
          updated.length === 0
            ? 'do nothing'
            : `do update set ${updated.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`;
        return `${insertSql(table, columns)} on conflict (${quoted(write.key)}) ${action}`;
      });
      writes.add(
        sql,
        columns.map((c) => write.row[c]),
      );
      return;
    }
    case 'update': {
      const set = columnsOf(write.set);
      const where = Object.keys(write.where);
      const sql = sqlFor(
        `update ${table} ${set.join()} ${where.join()}`,
        () =>
          `update "${table}" set ${set.map((c) => `"${c}" = ?`).join(', ')} ` +
          `where ${where.map((c) => `"${c}" = ?`).join(' and ')}`,
      );
      writes.add(sql, [...set.map((c) => write.set[c]), ...where.map((c) => write.where[c])]);
      return;
    }
  }
}

function insertSql(table: string, columns: readonly string[]): string {
  return `insert into "${table}" (${quoted(columns)}) values (${columns.map(() => '?').join(', ')})`;
}

/** Everything a group commit writes, in the order the other stores write it. */
export function commitWrites(batch: CommitBatch): TransactionWrites {
  const writes = new TransactionWrites();
  for (const j of batch.journal) writes.add(JOURNAL, [j.seq, j.time, j.command]);
  for (const key of batch.apiKeys) {
    const r = apiKeyRow(key);
    const values = [r.api_key, r.secret, r.user_name, r.permissions, r.ips, r.created_at, r.revoked_at];
    writes.add(API_KEY, [...values, r.sub_account_key]);
  }
  for (const [apiKey, highWater] of batch.nonces) writes.add(NONCE, [apiKey, highWater]);
  if (batch.windowNonces.length > 0) {
    for (const w of batch.windowNonces) writes.add(WINDOW_NONCE, [w.apiKey, w.nonce]);
    writes.add(FORGET_WINDOW_NONCES, [batch.windowNonceFloor]);
  }
  for (const a of batch.audit) {
    const r = auditRow(a);
    writes.add(AUDIT, [r.request_id, r.stage, r.time, r.actor, r.ip, r.action, r.target, r.body, r.status]);
  }
  for (const write of batch.projections) addProjection(writes, write);
  for (const [key, value] of batch.meta) writes.add(META, [key, value]);
  if (batch.userHistoryCatchUp) for (const text of USER_HISTORY_CATCH_UP) writes.add(text, []);
  return writes;
}

/** Saves a snapshot and forgets all but the `keep` latest. */
export function snapshotWrites(s: SnapshotRecord, keep: number): TransactionWrites {
  const writes = new TransactionWrites();
  writes.add(SNAPSHOT, [s.seq, s.time, s.state, s.hash]);
  writes.add(FORGET_SNAPSHOTS, [keep]);
  return writes;
}

/**
 * The write-probe's tiny transaction (see Store.probeWrite). Its value differs each time: SQLite
 * leaves a row rewritten with the same bytes untouched, and a probe that writes nothing would land on
 * a store that takes no writes.
 */
export function probeWrites(): TransactionWrites {
  const writes = new TransactionWrites();
  writes.add(META, [PROBE_KEY, randomUUID()]);
  return writes;
}
