import {
  apply,
  encodeCommand,
  encodeState,
  NOTHING_TO_DO,
  type Command,
  type CommandResults,
  type Event,
  type Outcome,
  type State,
} from '@txc/core';
import type {
  ApiKeyRecord,
  AuditRecord,
  CommitBatch,
  JournalRecord,
  ProjectionWrite,
  SnapshotRecord,
  Store,
} from '../../store/port.js';
import { CandleProjection, type TouchedCandles } from '../projection/candle-projection.js';
import type { Clock } from './clock.js';
import { deferred, type Deferred } from './deferred.js';
import { project } from '../projection/projector.js';
import { hashText } from './state-hash.js';
import { StoreRefusedError, StoreUnavailableError } from './unavailable.js';
import type { VenueObserver } from './venue-observer.js';

/** What accumulates during one event-loop turn and is committed as one transaction. */
class OpenBatch {
  readonly journal: JournalRecord[] = [];
  readonly projections: ProjectionWrite[] = [];
  readonly apiKeys: ApiKeyRecord[] = [];
  readonly nonces = new Map<string, number>();
  readonly windowNonces: { apiKey: string; nonce: number }[] = [];
  readonly meta = new Map<string, string>();
  readonly audit: AuditRecord[] = [];
  /** Candles its trades changed: written once each, as they stand when the batch closes. */
  readonly candles: TouchedCandles = new Set();
  /** Whether the per-user history tables catch up in this commit. */
  userHistoryCatchUp = false;
  readonly done: Deferred<void> = deferred<void>();

  toCommit(windowNonceFloor: number): CommitBatch {
    return {
      journal: this.journal,
      projections: this.projections,
      apiKeys: this.apiKeys,
      nonces: this.nonces,
      windowNonces: this.windowNonces,
      windowNonceFloor,
      meta: this.meta,
      audit: this.audit,
      userHistoryCatchUp: this.userHistoryCatchUp,
    };
  }
}

/**
 * A batch handed to the store: all the sequencer keeps of it until it is durable, so that its rows
 * are garbage as soon as the store has them (they die young, instead of living through a commit).
 */
interface HandedBatch {
  readonly done: Deferred<void>;
  /** Seq of its last journal entry, if it has any. */
  readonly lastSeq: number | undefined;
  /** When it was handed to the store (performance.now()). */
  readonly handedAt: number;
}

/** What a submitted command answers once durable: its result, and its seq when it was journaled. */
export type Submitted<T> = Pick<Outcome<T>, 'result'> & { readonly seq?: number };

/** The seq and time (microseconds) the sequencer gave a command. */
export interface CommandStamp {
  readonly seq: number;
  readonly time: number;
}

/**
 * Sees every accepted command as it is applied (in-memory read models: market data, streams): its
 * events, the command itself, its result and its stamp. Called before the command is durable:
 * whatever a listener shows a client waits for `barrier()` first.
 */
export type EventListener = (
  events: readonly Event[],
  command: Command,
  result: CommandResults[Command['type']],
  stamp: CommandStamp,
) => void;

export interface SequencerOptions {
  readonly store: Store;
  readonly clock: Clock;
  /** How long a window nonce must be remembered (twice the acceptance half-width is enough). */
  readonly windowNonceRetentionMs: number;
  /** Called once when a commit fails; the venue then rebuilds its state from the store. */
  readonly onCommitFailure: (error: unknown) => void;
  /** A snapshot is taken once this many commands have been journaled since the last one (0: never). */
  readonly snapshotEvery: number;
  /** Receives each snapshot once everything it covers is durable. */
  readonly onSnapshot: (snapshot: SnapshotRecord) => void;
  /** History rows written between two catch-ups of the per-user history tables (store/user-history.ts). */
  readonly userHistoryCatchUpEvery: number;
  /** Sees every command applied and every group commit (monitoring). */
  readonly observer?: VenueObserver;
  /** The candles projection, loaded from the store (venue/projection/candle-rebuild.ts); an empty one by default. */
  readonly candles?: CandleProjection;
}

/** The state as it stands at `seq`, in canonical text, with its hash. */
export function snapshotOf(state: State): SnapshotRecord {
  const text = encodeState(state);
  return { seq: state.seq, time: state.time, state: text, hash: hashText(text) };
}

/**
 * The single writer. Commands are applied to the state at once and in arrival order; everything a
 * turn of the event loop produced (journal entries, projections, key and nonce changes) is
 * committed in one transaction, and every reply of that turn waits for that commit. So nothing is
 * acknowledged before it is durable, and a read never shows what is not yet committed.
 *
 * Each turn's batch goes to the store as soon as the turn ends, while earlier ones may still be
 * committing: the store writes them in order (port.ts), so the next commit starts the moment the
 * previous one is durable, and batches settle in the order they were applied. A journaled command
 * that finds the store writing nothing closes its batch at once, before the turn ends; a recorded
 * nonce does not (a transaction per signed read would cost the store more than it saves the reads).
 */
export class Sequencer {
  private open: OpenBatch | undefined;
  /** Batches handed to the store and not yet durable, oldest first. */
  private committing: HandedBatch[] = [];
  private flushScheduled = false;
  /** Depth of `inOneCommit` calls under way: while above 0, batches close only at the end of the turn. */
  private inOneCommitDepth = 0;
  private broken = false;
  /** Set while the venue takes no commands for an operation of its own (a saved state loading). */
  private suspended = false;
  private readonly listeners: EventListener[] = [];
  private durableSeq: number;
  private lastCommitMs: number | undefined;
  private snapshotSeq: number;
  /**
   * History rows projected since the last batch that carried a catch-up. After a start or a rebuild
   * the store's tail is not known (a catch-up may have failed with its commit): the first command
   * journaled then catches up, so that the tail never outgrows about one interval.
   */
  private rowsSinceCatchUp = Number.POSITIVE_INFINITY;
  private candles: CandleProjection;

  constructor(
    private state: State,
    private readonly options: SequencerOptions,
    lastSnapshotSeq = 0,
  ) {
    this.durableSeq = state.seq;
    this.snapshotSeq = lastSnapshotSeq;
    this.candles = options.candles ?? new CandleProjection();
  }

  get current(): State {
    return this.state;
  }

  /** Seq of the last command known to be durable. */
  get committedSeq(): number {
    return this.durableSeq;
  }

  /** When the last group commit returned (ms since the epoch), if any did since start-up. */
  get lastCommitAt(): number | undefined {
    return this.lastCommitMs;
  }

  /** How long the oldest group commit under way has waited for the store, ms (0: none under way). */
  get commitWaitingMs(): number {
    const oldest = this.committing[0];
    return oldest === undefined ? 0 : performance.now() - oldest.handedAt;
  }

  /** False from a failed commit until the venue has rebuilt its state, and while suspended. */
  get writable(): boolean {
    return !this.broken && !this.suspended;
  }

  /**
   * Takes no more commands or records (they are refused as while the store is unavailable, 503)
   * and resolves once everything applied before is durable, until `resume`.
   */
  async suspend(): Promise<void> {
    this.suspended = true;
    await this.drain();
  }

  resume(): void {
    this.suspended = false;
  }

  /**
   * Applies a command now; resolves with its result once its effects are durable (or rejects with
   * StoreUnavailableError). Its events have gone to the projections and listeners by then: they are
   * not kept while the commit runs.
   */
  submit<C extends Command>(cmd: C): Promise<Submitted<CommandResults[C['type']]>> {
    if (!this.writable) return Promise.reject(new StoreRefusedError());
    const stamp = { seq: this.state.seq + 1, time: this.options.clock.nowMicros() };
    const outcome = apply(this.state, cmd, stamp);
    const applied = outcome.result;
    this.options.observer?.commandApplied(
      cmd.type,
      applied.ok ? 'accepted' : NOTHING_TO_DO.has(applied.rejection.reason) ? 'idle' : 'refused',
    );
    const batch = this.batch();
    if (outcome.result.ok) {
      batch.journal.push({ seq: stamp.seq, time: stamp.time, command: encodeCommand(cmd) });
      const projected = batch.projections.length;
      project(outcome.events, stamp.seq, batch.projections);
      this.candles.fold(outcome.events, batch.candles);
      this.rowsSinceCatchUp += batch.projections.length - projected;
      if (this.rowsSinceCatchUp >= this.options.userHistoryCatchUpEvery) {
        batch.userHistoryCatchUp = true;
        this.rowsSinceCatchUp = 0;
      }
      for (const listen of this.listeners) listen(outcome.events, cmd, outcome.result.value, stamp);
      // The store has nothing to write: waiting for the end of the turn would leave it idle while
      // the rest of the turn is applied. What is applied meanwhile goes together in the next commit.
      if (this.inOneCommitDepth === 0 && this.options.store.idle()) this.flush();
    }
    const { result } = outcome;
    if (!result.ok) return batch.done.promise.then(() => ({ result }));
    return batch.done.promise.then(() => ({ result, seq: stamp.seq }));
  }

  /**
   * Runs `submitAll`, whose submissions and records all go in one group commit: they become durable
   * together or not at all (the early hand-over of an idle store waits for the end of the turn).
   */
  inOneCommit<T>(submitAll: () => T): T {
    this.inOneCommitDepth++;
    try {
      return submitAll();
    } finally {
      this.inOneCommitDepth--;
    }
  }

  subscribe(listener: EventListener): void {
    this.listeners.push(listener);
  }

  /** Resolves once everything applied so far is durable; refused while the venue takes no writes. */
  barrier(): Promise<void> {
    if (!this.writable) return Promise.reject(new StoreRefusedError());
    return this.durable();
  }

  /**
   * Resolves once everything applied so far is durable, suspended or not (a suspension applies
   * nothing new, so what it shows is durable once drained); refused only from a failed commit until
   * the venue has rebuilt.
   */
  durable(): Promise<void> {
    if (this.broken) return Promise.reject(new StoreRefusedError());
    // Batches settle in order: the latest one is durable only once all before it are.
    const pending = this.open ?? this.committing.at(-1);
    return pending === undefined ? Promise.resolve() : pending.done.promise;
  }

  /** From a failed commit until the venue has rebuilt its state from the store. */
  get failed(): boolean {
    return this.broken;
  }

  recordNonce(apiKey: string, nonce: number): void {
    this.batch().nonces.set(apiKey, nonce);
  }

  recordWindowNonce(apiKey: string, nonce: number): void {
    this.batch().windowNonces.push({ apiKey, nonce });
  }

  recordApiKey(record: ApiKeyRecord): Promise<void> {
    if (!this.writable) return Promise.reject(new StoreRefusedError());
    const batch = this.batch();
    batch.apiKeys.push(record);
    return batch.done.promise;
  }

  recordAudit(entry: AuditRecord): Promise<void> {
    if (!this.writable) return Promise.reject(new StoreRefusedError());
    const batch = this.batch();
    batch.audit.push(entry);
    return batch.done.promise;
  }

  recordMeta(key: string, value: string): Promise<void> {
    if (!this.writable) return Promise.reject(new StoreRefusedError());
    const batch = this.batch();
    batch.meta.set(key, value);
    return batch.done.promise;
  }

  /** Commits what is pending now, without waiting for the end of the turn (used at shutdown). */
  async drain(): Promise<void> {
    while (this.open !== undefined || this.committing.length > 0) {
      this.flush();
      await this.committing.at(-1)?.done.promise.catch(() => undefined);
    }
  }

  /**
   * The state as a snapshot, when it holds nothing uncommitted (after `drain`, with no command
   * since); undefined otherwise.
   */
  committedSnapshot(): SnapshotRecord | undefined {
    if (this.broken || this.open !== undefined || this.committing.length > 0) return undefined;
    return snapshotOf(this.state);
  }

  /**
   * Takes no commands or records until `reset`, as after a failed commit: the venue's memory is not
   * what its store holds (a rebuild after the store's tables were replaced failed).
   */
  refuseUntilReset(): void {
    this.broken = true;
  }

  /** After a rebuild: continue from the state (and the candles) the store holds. */
  reset(state: State, lastSnapshotSeq: number, candles: CandleProjection): void {
    this.state = state;
    this.candles = candles;
    this.durableSeq = state.seq;
    this.snapshotSeq = lastSnapshotSeq;
    this.rowsSinceCatchUp = Number.POSITIVE_INFINITY;
    this.broken = false;
  }

  private batch(): OpenBatch {
    if (this.open === undefined) {
      this.open = new OpenBatch();
      this.scheduleFlush();
    }
    return this.open;
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  /** Hands the open batch to the store. */
  private flush(): void {
    const batch = this.open;
    if (batch === undefined) return;
    this.open = undefined;
    if (batch.candles.size > 0) batch.projections.push(...this.candles.writes(batch.candles, this.state));
    const handed: HandedBatch = { done: batch.done, lastSeq: batch.journal.at(-1)?.seq, handedAt: performance.now() };
    this.committing.push(handed);
    // Nothing is applied outside an open batch, so right now the state is exactly what this batch
    // leaves: the only moment a snapshot can be taken under load without catching later commands.
    const snapshot = this.snapshotDue() ? snapshotOf(this.state) : undefined;
    if (snapshot !== undefined) this.snapshotSeq = snapshot.seq;
    const floor = this.options.clock.nowMs() - this.options.windowNonceRetentionMs;
    void this.commit(handed, batch.toCommit(floor), snapshot);
  }

  private async commit(handed: HandedBatch, batch: CommitBatch, snapshot: SnapshotRecord | undefined): Promise<void> {
    const started = performance.now();
    try {
      await this.options.store.commit(batch);
    } catch (error) {
      this.fail(handed, error);
      return;
    }
    this.options.observer?.groupCommitted(batch.journal.length, (performance.now() - started) / 1000);
    this.committed(handed, snapshot);
  }

  private committed(batch: HandedBatch, snapshot: SnapshotRecord | undefined): void {
    if (this.committing[0] !== batch) return; // refused along with an earlier batch that failed
    this.committing.shift();
    this.durableSeq = batch.lastSeq ?? this.durableSeq;
    this.lastCommitMs = this.options.clock.nowMs();
    batch.done.resolve();
    if (snapshot !== undefined) this.options.onSnapshot(snapshot);
  }

  private snapshotDue(): boolean {
    const every = this.options.snapshotEvery;
    return every > 0 && this.state.seq - this.snapshotSeq >= every;
  }

  /**
   * A commit failed: its commands, and any applied on top of them since, were never durable, so
   * the in-memory state is ahead of the store. Refuse everything until the venue has rebuilt.
   */
  private fail(batch: HandedBatch, error: unknown): void {
    // The batches behind it fail too (port.ts); the first failure already refused them all.
    if (!this.committing.includes(batch)) return;
    this.broken = true;
    const unavailable = new StoreUnavailableError(error);
    const refused = [...this.committing, ...(this.open === undefined ? [] : [this.open])];
    this.committing = [];
    this.open = undefined;
    for (const b of refused) b.done.reject(unavailable);
    this.options.onCommitFailure(error);
  }
}
