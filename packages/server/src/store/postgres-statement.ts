import type { CommitBatch, ProjectionWrite } from './port.js';

/** One SQL statement with its parameters, as node-postgres takes it. */
export interface Statement {
  readonly text: string;
  readonly values: string[];
}

type Row = Readonly<Record<string, unknown>>;

/** The rows one table receives, all with the same columns. */
interface TableRows {
  readonly table: string;
  readonly columns: readonly string[];
  readonly rows: Row[];
  /** What to do on a duplicate key (the nonces' upsert), after `on conflict`. */
  readonly onConflict?: string;
}

/**
 * A projection's upserts of one table (the candles), one row per key, the last written: one
 * statement may not update a row twice, and batches merged into one commit may each carry a row.
 */
interface TableUpserts {
  readonly table: string;
  readonly columns: readonly string[];
  readonly key: readonly string[];
  readonly rows: Map<string, Row>;
}

const NONCE_CONFLICT = '("api_key") do update set "high_water" = excluded."high_water"';

const quoted = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(', ');

function sameColumns(columns: readonly string[], row: Row): boolean {
  const keys = Object.keys(row);
  return keys.length === columns.length && keys.every((k, i) => k === columns[i]);
}

/** The rest of an upsert: on its key, set every other column to the row's value. */
function upsertConflict(key: readonly string[], columns: readonly string[]): string {
  const set = columns.filter((c) => !key.includes(c)).map((c) => `"${c}" = excluded."${c}"`);
  return `(${quoted(key)}) ${set.length === 0 ? 'do nothing' : `do update set ${set.join(', ')}`}`;
}

/** Adds an upsert to its table's, keyed; false when the table's writes cannot go in one statement. */
function addUpsert(upserts: Map<string, TableUpserts>, write: Extract<ProjectionWrite, { op: 'upsert' }>): boolean {
  let t = upserts.get(write.table);
  if (t === undefined) {
    t = { table: write.table, columns: Object.keys(write.row), key: write.key, rows: new Map() };
    upserts.set(write.table, t);
  } else if (!sameColumns(t.columns, write.row) || t.key.join() !== write.key.join()) return false;
  t.rows.set(JSON.stringify(write.key.map((k) => write.row[k])), write.row);
  return true;
}

/**
 * The inserts of a batch grouped by table, in the order the tables first appear, then the upserts of
 * projections by table; undefined when the batch holds anything that must be written in order (an
 * update of a projection, a key, a meta value, an audit line, window nonces, the user history's
 * catch-up), a table both inserted into and upserted, or rows of one table that differ in their
 * columns.
 */
function insertsOf(batch: CommitBatch): TableRows[] | undefined {
  if (batch.apiKeys.length + batch.audit.length + batch.meta.size + batch.windowNonces.length > 0) return undefined;
  if (batch.userHistoryCatchUp) return undefined;
  const tables: TableRows[] = [];
  if (batch.journal.length > 0)
    tables.push({
      table: 'journal',
      columns: ['seq', 'time', 'command'],
      rows: batch.journal.map((j) => ({ seq: j.seq, time: j.time, command: j.command })),
    });
  if (batch.nonces.size > 0) {
    const rows = [...batch.nonces].map(([api_key, high_water]) => ({ api_key, high_water }));
    tables.push({ table: 'api_nonces', columns: ['api_key', 'high_water'], rows, onConflict: NONCE_CONFLICT });
  }
  const byTable = new Map<string, TableRows>();
  const upserts = new Map<string, TableUpserts>();
  for (const write of batch.projections) {
    if (write.op === 'update') return undefined;
    if (write.op === 'upsert') {
      if (!addUpsert(upserts, write)) return undefined;
      continue;
    }
    const existing = byTable.get(write.table);
    if (existing === undefined) {
      const rows: TableRows = { table: write.table, columns: Object.keys(write.row), rows: [write.row] };
      byTable.set(write.table, rows);
      tables.push(rows);
    } else if (sameColumns(existing.columns, write.row)) existing.rows.push(write.row);
    else return undefined;
  }
  for (const t of upserts.values()) {
    if (byTable.has(t.table)) return undefined;
    tables.push({
      table: t.table,
      columns: t.columns,
      rows: [...t.rows.values()],
      onConflict: upsertConflict(t.key, t.columns),
    });
  }
  return tables;
}

/**
 * Rows as one JSON parameter; money is already text, and a bigint would be too. Strings are made
 * well-formed as the driver makes a parameter (an unpaired surrogate becomes U+FFFD), where
 * PostgreSQL's JSON would refuse the whole statement.
 */
function jsonRows(rows: readonly Row[]): string {
  return JSON.stringify(rows, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : typeof value === 'string' ? value.toWellFormed() : value,
  );
}

function insertSql(t: TableRows, parameter: number): string {
  const columns = quoted(t.columns);
  // The table's own row type reads the JSON: no list of column types to keep beside the migrations.
  const rows = `json_populate_recordset(null::"${t.table}", $${parameter}::json)`;
  const conflict = t.onConflict === undefined ? '' : ` on conflict ${t.onConflict}`;
  return `insert into "${t.table}" (${columns}) select ${columns} from ${rows}${conflict}`;
}

/**
 * A group commit as a single statement, when it only inserts (and upserts nonces and candles): one round trip
 * to the server instead of one per table plus BEGIN and COMMIT. A statement outside a transaction
 * is a transaction of its own: all of it is durable when it returns, or none of it is. The inserts
 * are data-modifying WITH clauses, which PostgreSQL runs exactly once each, whether or not the
 * outer query reads them; they touch different tables, so none needs to see another's rows.
 *
 * Undefined when the batch must be written statement by statement (see insertsOf), or is empty.
 */
export function oneStatement(batch: CommitBatch): Statement | undefined {
  const tables = insertsOf(batch);
  if (tables === undefined || tables.length === 0) return undefined;
  const values = tables.map((t) => jsonRows(t.rows));
  const inserts = tables.map((t, i) => insertSql(t, i + 1));
  if (inserts.length === 1) return { text: inserts[0]!, values };
  return { text: `with ${inserts.map((sql, i) => `w${i} as (${sql})`).join(', ')} select 1`, values };
}
