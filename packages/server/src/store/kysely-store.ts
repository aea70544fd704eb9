import { randomUUID } from 'node:crypto';
import type { Permission } from '@txc/sdk';
import { Migrator, sql, type Kysely, type Transaction } from 'kysely';
import { chunks } from './chunks.js';
import { CommitChain } from './commit-chain.js';
import type { Database } from './database.js';
import { migrations } from './migrations/index.js';
import { NewerStoreError } from './newer-store-error.js';
import { StoreOpenError } from './store-open-error.js';
import { readVenueTables, replaceVenueTables, venueTableColumns, type TableRows } from './table-copy.js';
import { catchUpUserHistory } from './user-history.js';
import type {
  ApiKeyRecord,
  AuditRecord,
  CommitBatch,
  JournalRecord,
  MigrationStatus,
  ProjectionWrite,
  SnapshotRecord,
  Store,
  StoredApiKey,
  SubAccountKeyProfile,
} from './port.js';

/** The meta row that recovery writes to learn whether the store takes writes again. */
export const PROBE_KEY = 'store.write-probe';

function sameColumns(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i]);
}

export function apiKeyRow(k: ApiKeyRecord): Database['api_keys'] {
  return {
    api_key: k.apiKey,
    secret: k.sealedSecret,
    user_name: k.user,
    permissions: JSON.stringify(k.permissions),
    ips: JSON.stringify(k.ips),
    created_at: k.createdAt,
    revoked_at: k.revokedAt,
    sub_account_key: k.subAccountKey === undefined ? null : JSON.stringify(k.subAccountKey),
  };
}

export function auditRow(a: AuditRecord): Omit<Database['admin_audit'], 'id'> {
  return {
    request_id: a.requestId,
    stage: a.stage,
    time: a.time,
    actor: a.actor,
    ip: a.ip,
    action: a.action,
    target: a.target,
    body: a.body,
    status: a.status,
  };
}

/**
 * The store, written once over Kysely for every dialect: the migrations, the reads, and group
 * commits written statement by statement in one transaction. SQLite and PostgreSQL differ in how the
 * connection is opened, in the column types their migrations choose, and in the faster way each
 * writes its common group commits (SqliteStore in sqlite.ts, PostgresStore in postgres.ts).
 */
export class KyselyStore implements Store {
  private readonly chain = new CommitChain((batch) => this.write(batch));

  constructor(
    readonly kind: 'sqlite' | 'postgres',
    readonly db: Kysely<Database>,
    private readonly onClose: () => Promise<void> = () => Promise.resolve(),
    readonly writes: Kysely<Database> = db,
  ) {}

  async migrate(): Promise<void> {
    // the first statements this store runs: a failure here is a store that cannot be reached or used
    const { unknown } = await this.pendingMigrations();
    if (unknown.length > 0) throw new NewerStoreError(unknown);
    const { error } = await this.migrator()
      .migrateToLatest()
      .catch((e: unknown) => ({ error: e }));
    if (error !== undefined) throw new StoreOpenError(this.kind, error);
  }

  async pendingMigrations(): Promise<MigrationStatus> {
    try {
      const known = await this.migrator().getMigrations();
      const pending = known.filter((m) => m.executedAt === undefined).map((m) => m.name);
      const names = new Set(known.map((m) => m.name));
      const applied = pending.length === known.length ? [] : await this.appliedMigrations();
      return { applied: applied.length, pending, unknown: applied.filter((n) => !names.has(n)) };
    } catch (e) {
      throw new StoreOpenError(this.kind, e);
    }
  }

  /** The names Kysely recorded as applied (its own table, read as it is: this version may not know them all). */
  private async appliedMigrations(): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(this.db);
    return rows.map((r) => r.name);
  }

  private migrator(): Migrator {
    // Each migration creates or alters only its own tables, so one that lands after a later-numbered
    // one has run (features merged in another order) is still safe to apply.
    return new Migrator({ db: this.db, provider: migrations(this.kind), allowUnorderedMigrations: true });
  }

  /** A SQLite store is claimed by its data dir's lock (see Store.claim). */
  claim(): Promise<void> {
    return Promise.resolve();
  }

  commit(batch: CommitBatch): Promise<void> {
    return this.chain.commit(batch);
  }

  idle(): boolean {
    return this.chain.idle;
  }

  limitCommits(ms: number): void {
    this.chain.limit(ms);
  }

  /** One transaction: the commits the chain hands over at once. */
  protected async write(batch: CommitBatch): Promise<void> {
    await this.writes.transaction().execute(async (trx) => {
      for (const rows of chunks(batch.journal)) {
        await trx
          .insertInto('journal')
          .values(rows.map((j) => ({ seq: j.seq, time: j.time, command: j.command })))
          .execute();
      }
      for (const key of batch.apiKeys) {
        const row = apiKeyRow(key);
        await trx
          .insertInto('api_keys')
          .values(row)
          .onConflict((oc) =>
            oc.column('api_key').doUpdateSet({
              secret: row.secret,
              permissions: row.permissions,
              ips: row.ips,
              revoked_at: row.revoked_at,
              sub_account_key: row.sub_account_key,
            }),
          )
          .execute();
      }
      if (batch.nonces.size > 0) {
        const rows = [...batch.nonces].map(([api_key, high_water]) => ({ api_key, high_water }));
        for (const part of chunks(rows)) {
          await trx
            .insertInto('api_nonces')
            .values(part)
            .onConflict((oc) =>
              oc.column('api_key').doUpdateSet((eb) => ({ high_water: eb.ref('excluded.high_water') })),
            )
            .execute();
        }
      }
      if (batch.windowNonces.length > 0) {
        for (const part of chunks(batch.windowNonces)) {
          await trx
            .insertInto('api_window_nonces')
            .values(part.map((w) => ({ api_key: w.apiKey, nonce: w.nonce })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        await trx.deleteFrom('api_window_nonces').where('nonce', '<', batch.windowNonceFloor).execute();
      }
      for (const rows of chunks(batch.audit)) {
        await trx.insertInto('admin_audit').values(rows.map(auditRow)).execute();
      }
      await this.project(trx, batch.projections);
      for (const [key, value] of batch.meta) {
        await trx
          .insertInto('meta')
          .values({ key, value })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
          .execute();
      }
      if (batch.userHistoryCatchUp) await catchUpUserHistory(trx);
    });
  }

  /**
   * Writes a batch's projections in order, except that a table's inserts wait and go out as one
   * multi-row statement: a busy turn inserts hundreds of deal and order rows, and one statement per
   * row is what a commit would spend its time on. A table's pending inserts are written before
   * any other write to that table, so every write still sees the rows before it.
   */
  private async project(trx: Transaction<Database>, writes: readonly ProjectionWrite[]): Promise<void> {
    // Projection rows are built by typed projectors; the table name is checked there.
    const t = trx as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const pending = new Map<string, Readonly<Record<string, unknown>>[]>();
    const flush = async (table: string): Promise<void> => {
      const rows = pending.get(table);
      if (rows === undefined) return;
      pending.delete(table);
      for (const part of chunks(rows)) await t.insertInto(table).values(part).execute();
    };
    for (const write of writes) {
      if (write.op === 'insert') {
        const rows = pending.get(write.table);
        if (rows === undefined) pending.set(write.table, [write.row]);
        else if (sameColumns(rows[0]!, write.row)) rows.push(write.row);
        else {
          await flush(write.table);
          pending.set(write.table, [write.row]);
        }
      } else {
        await flush(write.table);
        await this.writeOne(t, write);
      }
    }
    for (const table of [...pending.keys()]) await flush(table);
  }

  private async writeOne(
    t: Kysely<Record<string, Record<string, unknown>>>,
    write: Exclude<ProjectionWrite, { op: 'insert' }>,
  ): Promise<void> {
    switch (write.op) {
      case 'upsert': {
        const update = Object.fromEntries(Object.entries(write.row).filter(([k]) => !write.key.includes(k)));
        await t
          .insertInto(write.table)
          .values(write.row)
          .onConflict((oc) => oc.columns(write.key).doUpdateSet(update))
          .execute();
        return;
      }
      case 'update': {
        let q = t.updateTable(write.table).set(write.set);
        for (const [column, value] of Object.entries(write.where)) q = q.where(column, '=', value);
        await q.execute();
        return;
      }
    }
  }

  async lastSeq(): Promise<number> {
    const row = await this.db
      .selectFrom('journal')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return row?.seq === null || row?.seq === undefined ? 0 : Number(row.seq);
  }

  async readJournal(afterSeq: number, limit: number): Promise<JournalRecord[]> {
    const rows = await this.db
      .selectFrom('journal')
      .selectAll()
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ seq: Number(r.seq), time: Number(r.time), command: r.command }));
  }

  async latestSnapshot(): Promise<SnapshotRecord | undefined> {
    const row = await this.db.selectFrom('snapshots').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();
    return row === undefined
      ? undefined
      : { seq: Number(row.seq), time: Number(row.time), state: row.state, hash: row.hash };
  }

  async latestSnapshotSeq(): Promise<number> {
    const row = await this.db
      .selectFrom('snapshots')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return row?.seq === null || row?.seq === undefined ? 0 : Number(row.seq);
  }

  async saveSnapshot(s: SnapshotRecord, keep: number): Promise<void> {
    await this.writes.transaction().execute(async (trx) => {
      await trx
        .insertInto('snapshots')
        .values({ seq: s.seq, time: s.time, state: s.state, hash: s.hash })
        .onConflict((oc) => oc.column('seq').doNothing())
        .execute();
      const kept = await trx.selectFrom('snapshots').select('seq').orderBy('seq', 'desc').limit(keep).execute();
      const oldestKept = kept.at(-1)?.seq;
      if (oldestKept !== undefined) await trx.deleteFrom('snapshots').where('seq', '<', oldestKept).execute();
    });
  }

  async loadApiKeys(): Promise<StoredApiKey[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .leftJoin('api_nonces', 'api_nonces.api_key', 'api_keys.api_key')
      .selectAll('api_keys')
      .select('api_nonces.high_water')
      .execute();
    return rows.map((r) => ({
      record: {
        apiKey: r.api_key,
        sealedSecret: r.secret,
        user: r.user_name,
        permissions: JSON.parse(r.permissions) as Permission[],
        ips: JSON.parse(r.ips) as string[],
        createdAt: Number(r.created_at),
        revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
        ...(r.sub_account_key === null ? {} : { subAccountKey: JSON.parse(r.sub_account_key) as SubAccountKeyProfile }),
      },
      nonceHighWater: r.high_water === null ? 0 : Number(r.high_water),
    }));
  }

  async loadWindowNonces(floor: number): Promise<{ apiKey: string; nonce: number }[]> {
    const rows = await this.db.selectFrom('api_window_nonces').selectAll().where('nonce', '>=', floor).execute();
    return rows.map((r) => ({ apiKey: r.api_key, nonce: Number(r.nonce) }));
  }

  async getMeta(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  readVenueTables(): Promise<TableRows> {
    return readVenueTables(this.db, this.kind);
  }

  venueTableColumns(): Promise<Map<string, ReadonlySet<string>>> {
    return venueTableColumns(this.db, this.kind);
  }

  async replaceVenueTables(rows: TableRows): Promise<void> {
    // a commit given up on may still land: on the tables replaced, were it to land after them
    await this.chain.settled();
    await replaceVenueTables(this.writes, rows);
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  async probeWrite(): Promise<void> {
    // a commit given up on may still land: the venue rebuilds from the store only once it is known
    await this.chain.settled();
    // a value of its own each time, as SQLite's probe (sqlite-statements.ts)
    const value = randomUUID();
    await this.writes.transaction().execute(async (trx) => {
      await trx
        .insertInto('meta')
        .values({ key: PROBE_KEY, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    });
  }

  async close(): Promise<void> {
    try {
      await Promise.all([this.db.destroy(), this.writes === this.db ? undefined : this.writes.destroy()]);
    } finally {
      await this.onClose();
    }
  }
}
