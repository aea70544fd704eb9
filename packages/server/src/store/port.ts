import type { TableRows } from './table-copy.js';
import type { Permission } from '@txc/sdk';
import type { Kysely } from 'kysely';
import type { Database } from './database.js';

/** One accepted command as the journal holds it: the source of truth of the engine state. */
export interface JournalRecord {
  readonly seq: number;
  /** Microseconds since the Unix epoch. */
  readonly time: number;
  /** The command in the engine's canonical JSON form. */
  readonly command: string;
}

export interface SnapshotRecord {
  readonly seq: number;
  readonly time: number;
  /** The engine state in its canonical JSON form. */
  readonly state: string;
  /** sha256 of `state`, hex. */
  readonly hash: string;
}

export interface ApiKeyRecord {
  readonly apiKey: string;
  /**
   * The secret sealed under the master key (secret-box.ts). Stores written before secrets were
   * sealed hold the plaintext here; the venue seals those at start-up.
   */
  readonly sealedSecret: string;
  readonly user: string;
  readonly permissions: readonly Permission[];
  /** Client IPs allowed to use the key; empty means any. */
  readonly ips: readonly string[];
  /** Milliseconds since the Unix epoch. */
  readonly createdAt: number;
  readonly revokedAt: number | null;
  /** Set on the keys a main user made for its sub-account (`sub-account/api-key/*`). */
  readonly subAccountKey?: SubAccountKeyProfile;
}

/** One endpoint setting of a sub-account key (`sub-account/api-key/edit` `urls`). */
export interface EndpointSetting {
  readonly url: string;
  readonly enable: boolean;
}

/**
 * What the exchange docs show of a sub-account key besides the key itself. Its id outlives a reset,
 * which replaces the key pair: the revoked pair keeps the profile it had.
 */
export interface SubAccountKeyProfile {
  readonly id: string;
  /** Orders the keys newest first, as the docs' numeric key ids do: one more than the venue's latest. */
  readonly serial: number;
  readonly title: string;
  /** 1: info and trading; 2: info, trading, deposits and withdrawals. */
  readonly type: 1 | 2;
  readonly urls: readonly EndpointSetting[];
}

export interface StoredApiKey {
  readonly record: ApiKeyRecord;
  /** The highest nonce accepted without nonceWindow (0 when none yet). */
  readonly nonceHighWater: number;
}

/**
 * One line of the admin audit log. Each admin request writes two: `request` (who, what, when, with
 * the body's secrets redacted) before its effects can be durable, and `response` (its status) after.
 */
export interface AuditRecord {
  /** Pairs a request's two lines. */
  readonly requestId: string;
  readonly stage: 'request' | 'response';
  /** Milliseconds since the Unix epoch. */
  readonly time: number;
  /** Who says they act: `admin-api`, or what the caller declared (the CLI sends `cli:<user>@<host>`). */
  readonly actor: string;
  /** The client's IP, or null for the CLI working on the store in its own process. */
  readonly ip: string | null;
  /** The operation: `POST /admin/v1/users/:name/api-keys`, or `cli createApiKey`. */
  readonly action: string;
  /** The path called (with its query), or the CLI operation's arguments as JSON. */
  readonly target: string;
  /** Request line: the JSON body with secrets redacted, if any. */
  readonly body: string | null;
  /** Response line: the HTTP status answered. */
  readonly status: number | null;
}

/** A row written to a read-model table in the same transaction as the journal entries that caused it. */
export type ProjectionWrite =
  | { readonly op: 'insert'; readonly table: keyof Database; readonly row: Readonly<Record<string, unknown>> }
  | {
      readonly op: 'upsert';
      readonly table: keyof Database;
      readonly row: Readonly<Record<string, unknown>>;
      readonly key: readonly string[];
    }
  | {
      readonly op: 'update';
      readonly table: keyof Database;
      readonly set: Readonly<Record<string, unknown>>;
      readonly where: Readonly<Record<string, unknown>>;
    };

/** Everything one group commit writes, atomically and durably. */
export interface CommitBatch {
  readonly journal: readonly JournalRecord[];
  readonly projections: readonly ProjectionWrite[];
  readonly apiKeys: readonly ApiKeyRecord[];
  /** New nonce high-water marks, per API key. */
  readonly nonces: ReadonlyMap<string, number>;
  /** nonceWindow nonces accepted in this batch. */
  readonly windowNonces: readonly { readonly apiKey: string; readonly nonce: number }[];
  /** Window nonces below this can no longer be accepted and may be forgotten. */
  readonly windowNonceFloor: number;
  readonly meta: ReadonlyMap<string, string>;
  /** Admin audit lines, appended in order. */
  readonly audit: readonly AuditRecord[];
  /** The per-user history tables catch up, after this batch's rows (store/user-history.ts). */
  readonly userHistoryCatchUp: boolean;
}

/** A store's migrations against this version's. */
export interface MigrationStatus {
  /** How many the store has had, this version's or not. */
  readonly applied: number;
  /** This version's that the store has not had. */
  readonly pending: readonly string[];
  /** Those the store has had that this version does not know: a newer txc migrated it. */
  readonly unknown: readonly string[];
}

/**
 * Where a venue keeps what must survive: the journal, snapshots, API keys and nonces, and the
 * read models behind history endpoints. `commit` returns only once the batch is durable.
 *
 * Commits form a chain: the sequencer hands over each group commit as soon as it closes, before the
 * earlier ones are durable. A store writes them in call order and settles them in that order, and
 * once one fails, every commit called before that failure was reported fails too, without writing
 * anything (each was applied on top of the failed one). Commits queued behind another may be
 * written in one transaction with it, and then succeed or fail with it.
 */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  /** Typed access for read queries; every dialect answers the same queries. */
  readonly db: Kysely<Database>;
  /**
   * Typed access for what must not wait behind slow reads (a cluster's lease): on PostgreSQL the
   * connections of the group commits, which no request's read holds (those are `db`'s).
   */
  readonly writes: Kysely<Database>;
  migrate(): Promise<void>;
  /** Which migrations the store has had and which it has not, by this version's list: reads only. */
  pendingMigrations(): Promise<MigrationStatus>;
  /**
   * Takes the store for this process's writes alone (StoreClaimedError when another holds it): on
   * PostgreSQL a lock the database keeps for this session, so that two venues on other machines or
   * data dirs never write one database; a SQLite store is claimed by its data dir's lock. A claim
   * whose connection is lost fails the next commit and is taken again by `probeWrite`.
   */
  claim(): Promise<void>;
  commit(batch: CommitBatch): Promise<void>;
  /**
   * True when the store is writing nothing: a commit handed over now would start at once instead of
   * queueing behind one in progress.
   */
  idle(): boolean;
  /**
   * From now on, a commit not durable within `ms` of being handed over fails, with every commit
   * queued behind it, unwritten; nothing more is written, and the tables are not replaced nor a
   * write probed, until the one given up on has landed or failed (store/commit-chain.ts). For a store
   * whose commits can hang (PostgreSQL); SQLite's, on a local disk, take no limit.
   */
  limitCommits(ms: number): void;
  lastSeq(): Promise<number>;
  /** Journal entries with seq > afterSeq, in order, at most `limit`. */
  readJournal(afterSeq: number, limit: number): Promise<JournalRecord[]>;
  latestSnapshot(): Promise<SnapshotRecord | undefined>;
  /** Seq of the latest snapshot (0: none), without reading its state. */
  latestSnapshotSeq(): Promise<number>;
  /** Saves a snapshot and forgets all but the `keep` latest. */
  saveSnapshot(snapshot: SnapshotRecord, keep: number): Promise<void>;
  loadApiKeys(): Promise<StoredApiKey[]>;
  /** Window nonces at or above the floor, per key. */
  loadWindowNonces(floor: number): Promise<{ apiKey: string; nonce: number }[]>;
  getMeta(key: string): Promise<string | undefined>;
  /** Every table a venue is made of, read at one commit (a saved state). */
  readVenueTables(): Promise<TableRows>;
  /** The columns of every venue table, by table: the only ones `replaceVenueTables` can write. */
  venueTableColumns(): Promise<Map<string, ReadonlySet<string>>>;
  /** Replaces every venue table at once (loading a saved state); only while nothing else writes. */
  replaceVenueTables(rows: TableRows): Promise<void>;
  /** Answers when the store can be read (a trivial query). */
  ping(): Promise<void>;
  /** Answers when the store can durably write again (a tiny write transaction). */
  probeWrite(): Promise<void>;
  close(): Promise<void>;
}
