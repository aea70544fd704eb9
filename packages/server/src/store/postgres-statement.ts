import type { CommitBatch } from './port.js';

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

const NONCE_CONFLICT = '("api_key") do update set "high_water" = excluded."high_water"';

function sameColumns(columns: readonly string[], row: Row): boolean {
  const keys = Object.keys(row);
  return keys.length === columns.length && keys.every((k, i) => k === columns[i]);
}

/**
 * The inserts of a batch grouped by table, in the order the tables first appear; undefined when the
 * batch holds anything that must be written in order (an update or upsert of a projection, a key,
 * a meta value, an audit line, window nonces, the user history's catch-up) or rows of one table that
 * differ in their columns.
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
  for (const write of batch.projections) {
    if (write.op !== 'insert') return undefined;
    const existing = byTable.get(write.table);
    if (existing === undefined) {
      const rows: TableRows = { table: write.table, columns: Object.keys(write.row), rows: [write.row] };
      byTable.set(write.table, rows);
      tables.push(rows);
    } else if (sameColumns(existing.columns, write.row)) existing.rows.push(write.row);
    else return undefined;
  }
  return tables;
}

const quoted = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(', ');

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
 * A group commit as a single statement, when it only inserts (and upserts nonces): one round trip
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
