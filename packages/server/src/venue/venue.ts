import { CURRENT_RULES, type Command, type CommandResults, type Rejection, type State } from '@txc/core';
import type { Permission } from '@txc/sdk';
import type { Logger } from 'pino';
import type { SecretBox } from '../secrets/secret-box.js';
import { isFenced } from '../store/fenced.js';
import type { ApiKeyRecord, AuditRecord, SnapshotRecord, Store, SubAccountKeyProfile } from '../store/port.js';
import type { TableRows } from '../store/table-copy.js';
import { USER_HISTORY_CATCH_UP_EVERY } from '../config/schema.js';
import { ApiKeyRegistry, generateApiKey, type ApiKeyEntry, type NonceVerdict } from './keys/api-keys.js';
import type { CandleProjection } from './projection/candle-projection.js';
import { openCandles } from './projection/candle-rebuild.js';
import type { Clock } from './sequencer/clock.js';
import { loadState, type LoadedState } from './sequencer/load-state.js';
import { Sequencer, type EventListener, type Submitted } from './sequencer/sequencer.js';
import { unavailableWithin } from './sequencer/unavailable.js';
import type { VenueObserver } from './sequencer/venue-observer.js';
import { WebsocketTokens } from './keys/websocket-tokens.js';
import type { VenueView } from './venue-view.js';

export interface VenueOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly log: Logger;
  /** Half-width of the nonceWindow acceptance window. */
  readonly nonceWindowMs: number;
  /** Seals API key secrets (and other secrets the store keeps) under the master key. */
  readonly secrets: SecretBox;
  /** A snapshot every this many journaled commands (0: only at shutdown). */
  readonly snapshotEvery?: number;
  /** Snapshots the store keeps. */
  readonly snapshotKeep?: number;
  /** History rows written between two catch-ups of the per-user history tables. */
  readonly userHistoryCatchUpEvery?: number;
  /** Sees commands, group commits and store failures (monitoring). */
  readonly observer?: VenueObserver;
  /** Told how far the start-up replay of the journal is (commands replayed, commands to replay). */
  readonly onLoadProgress?: (done: number, total: number) => void;
  /** The state as the store holds it, already loaded (a standby taking over): not loaded again. */
  readonly loaded?: LoadedState;
  /** How long a request waits for a read of the store, its barrier included (no limit when unset). */
  readonly storeWaitMs?: number;
}

/** What the venue knows of its own durability (the health endpoint shows it). */
export interface VenueStatus {
  readonly writable: boolean;
  readonly recovering: boolean;
  /** Seq of the last durable command. */
  readonly seq: number;
  /** When the last group commit returned (ms since the epoch); undefined before the first. */
  readonly lastCommitAt: number | undefined;
  /** Seq of the latest snapshot in the store (0 when none). */
  readonly snapshotSeq: number;
  /** How long the oldest group commit under way has waited for the store, ms (0: none under way). */
  readonly commitWaitingMs: number;
}

const RECOVERY_FIRST_RETRY_MS = 250;
const RECOVERY_MAX_RETRY_MS = 5_000;

/**
 * One exchange venue: the engine state, the single writer in front of it, its API keys, and the
 * store that makes all of it durable. HTTP routes, the admin API and the CLI all work through it.
 */
/** What `Venue.exclusive` hands its work: the store, and the replacement of the venue by a copy of its tables. */
export interface ExclusiveAccess {
  readonly store: Store;
  /**
   * Puts `rows` in place of every venue table and goes on from `loaded`, the state they hold (the
   * caller rebuilt and checked it from them first): the candles and keys are read from the store.
   */
  readonly replace: (rows: TableRows, loaded: LoadedState) => Promise<void>;
}

export class Venue implements VenueView {
  readonly keys: ApiKeyRegistry;
  /** Tokens that authorize a WebSocket connection as an API key's user. */
  readonly websocketTokens: WebsocketTokens;
  private readonly sequencer: Sequencer;
  private recovering: Promise<void> | undefined;
  /** Settles once the last `exclusive` work queued is done (never rejects). */
  private exclusiveTurn: Promise<unknown> = Promise.resolve();
  private readonly resetListeners: (() => Promise<void>)[] = [];
  private readonly revocationListeners: ((apiKey: string) => void)[] = [];
  private readonly creationListeners: ((apiKey: string) => void)[] = [];
  private admission: ((cmd: Command) => Rejection | undefined) | undefined;
  private snapshotting: Promise<void> = Promise.resolve();
  private savedSnapshotSeq: number;
  private closed = false;
  /** Cuts short the wait between two recovery attempts (at shutdown). */
  private wakeRecovery: (() => void) | undefined;

  private constructor(
    private readonly options: VenueOptions,
    state: State,
    snapshotSeq: number,
    candles: CandleProjection,
  ) {
    this.keys = new ApiKeyRegistry(options.nonceWindowMs);
    this.websocketTokens = new WebsocketTokens(options.secrets, this.keys);
    this.savedSnapshotSeq = snapshotSeq;
    this.sequencer = new Sequencer(
      state,
      {
        store: options.store,
        clock: options.clock,
        windowNonceRetentionMs: 2 * options.nonceWindowMs,
        onCommitFailure: (error) => this.startRecovery(error),
        snapshotEvery: options.snapshotEvery ?? 0,
        userHistoryCatchUpEvery: options.userHistoryCatchUpEvery ?? USER_HISTORY_CATCH_UP_EVERY,
        onSnapshot: (snapshot) => this.writeSnapshot(snapshot),
        observer: options.observer,
        candles,
      },
      snapshotSeq,
    );
  }

  static async open(options: VenueOptions): Promise<Venue> {
    let venue: Venue | undefined;
    try {
      // one venue writes a store: a second one on the same database stops here
      await options.store.claim();
      await options.store.migrate();
      const started = performance.now();
      const loaded = options.loaded ?? (await loadState(options.store, { onProgress: options.onLoadProgress }));
      const seconds = (performance.now() - started) / 1000;
      // a standby taking over replays nothing: its load's figures, from when it started, would say otherwise
      if (options.loaded !== undefined) options.log.info({ seq: loaded.state.seq }, 'state taken over as followed');
      else
        options.log.info(
          {
            seq: loaded.state.seq,
            snapshotSeq: loaded.fromSnapshotSeq,
            replayed: loaded.replayed,
            seconds: Math.round(seconds * 1000) / 1000,
            perSecond: Math.round(loaded.replayed / Math.max(seconds, 1e-3)),
          },
          'state loaded',
        );
      const candles = await openCandles(options.store, loaded.state);
      // A state followed from the journal (a cluster's standby taking over) was loaded long ago: the leader
      // before has saved snapshots since, and /health, the metrics and the next snapshot's cadence go by them.
      const snapshotSeq =
        options.loaded === undefined
          ? loaded.fromSnapshotSeq
          : Math.max(loaded.fromSnapshotSeq, Math.min(loaded.state.seq, await options.store.latestSnapshotSeq()));
      venue = new Venue(options, loaded.state, snapshotSeq, candles);
      await venue.loadKeys();
      return venue;
    } catch (e) {
      // Nobody else holds the store yet (a wrong master key fails here): its connections must not outlive this.
      await (venue?.close() ?? options.store.close()).catch(() => undefined);
      throw e;
    }
  }

  /**
   * A venue whose journal was written under older rules goes on under this engine's: the change is
   * journaled, so that replay decides the commands before it as they were decided (core state/rules.ts).
   * The server does this when it starts; offline CLI commands do not, so that reading a store with a
   * newer txc does not bar the older one from it.
   */
  async adoptCurrentRules(): Promise<void> {
    if (this.state.rules >= CURRENT_RULES) return;
    const from = this.state.rules;
    const { result } = await this.submit({ type: 'AdoptRules', version: CURRENT_RULES });
    if (!result.ok) throw new Error(`could not adopt the engine's rules ${CURRENT_RULES}: ${result.rejection.reason}`);
    this.options.log.info({ from, to: CURRENT_RULES }, 'engine rules adopted');
  }

  get state(): State {
    return this.sequencer.current;
  }

  get store(): Store {
    return this.options.store;
  }

  get clock(): Clock {
    return this.options.clock;
  }

  get secrets(): SecretBox {
    return this.options.secrets;
  }

  get writable(): boolean {
    return this.sequencer.writable && !this.closed;
  }

  get status(): VenueStatus {
    return {
      writable: this.writable,
      recovering: this.recovering !== undefined,
      seq: this.sequencer.committedSeq,
      lastCommitAt: this.sequencer.lastCommitAt,
      snapshotSeq: this.savedSnapshotSeq,
      commitWaitingMs: this.sequencer.commitWaitingMs,
    };
  }

  submit<C extends Command>(cmd: C): Promise<Submitted<CommandResults[C['type']]>> {
    const refused = this.admission?.(cmd);
    if (refused !== undefined)
      return Promise.resolve({ result: { ok: false, rejection: refused } } as Submitted<never>);
    return this.sequencer.submit(cmd);
  }

  /**
   * Refuses commands before the engine sees them, as the engine would refuse them (a sandbox's
   * halted market refuses orders): nothing is applied or journaled. Undefined lets a command through.
   */
  admit(check: (cmd: Command) => Rejection | undefined): void {
    this.admission = check;
  }

  /** Runs `submitAll`, whose submissions and records all become durable in one group commit. */
  inOneCommit<T>(submitAll: () => T): T {
    return this.sequencer.inOneCommit(submitAll);
  }

  get durableNow(): boolean {
    return !this.sequencer.failed;
  }

  /** Resolves once everything applied so far is durable. */
  barrier(): Promise<void> {
    return this.sequencer.barrier();
  }

  durable(): Promise<void> {
    return this.sequencer.durable();
  }

  readDurable<T>(read: (store: Store) => Promise<T>): Promise<T> {
    // a store that hangs: answered unavailable, the read goes on alone and its result is dropped
    return unavailableWithin(
      this.sequencer.barrier().then(() => read(this.store)),
      this.options.storeWaitMs,
    );
  }

  /**
   * Feeds an in-memory read model: `events` sees every accepted command's events as it applies,
   * `reset` runs after the state was rebuilt from the store (the model reloads what is durable).
   */
  subscribe(events: EventListener, reset: () => Promise<void>): void {
    this.sequencer.subscribe(events);
    this.resetListeners.push(reset);
  }

  /**
   * Told once the venue was rebuilt from its store (a saved state loaded, a reset, a recovery), after
   * the read models `subscribe` feeds have reloaded: for what is kept of the state before it.
   */
  onRebuilt(listener: () => void): void {
    this.resetListeners.push(() => Promise.resolve(listener()));
  }

  /** Told the id of each API key created or changed, once it is durable. */
  onKeyCreated(listener: (apiKey: string) => void): void {
    this.creationListeners.push(listener);
  }

  /** Told the id of each API key revoked, as soon as the key stops authenticating. */
  onKeyRevoked(listener: (apiKey: string) => void): void {
    this.revocationListeners.push(listener);
  }

  /**
   * Told the id of each API key revoked (as `onKeyRevoked`: at once) or created or changed (as
   * `onKeyCreated`: once durable, so that what is told of it is what a restart would load).
   */
  onKeyChanged(listener: (apiKey: string) => void): void {
    this.revocationListeners.push(listener);
    this.creationListeners.push(listener);
  }

  /** Whether `nonce` would be taken now, without taking it: a replay is refused before it counts against the key's allowance. */
  nonceVerdict(entry: ApiKeyEntry, nonce: number, nonceWindow: boolean, receivedAtMs?: number): NonceVerdict {
    return this.keys.nonceVerdict(entry, nonce, nonceWindow, this.nonceTime(receivedAtMs));
  }

  /** The time a nonce window is judged at: now, or earlier, when a gateway received the request. */
  private nonceTime(receivedAtMs: number | undefined): number {
    const now = this.options.clock.nowMs();
    return receivedAtMs === undefined ? now : Math.min(now, receivedAtMs);
  }

  /**
   * Checks a signed request's nonce against its key's, and records it when it is accepted (durably,
   * with the next group commit): the nonce rule, wherever the request was received.
   */
  spendNonce(entry: ApiKeyEntry, nonce: number, nonceWindow: boolean, receivedAtMs?: number): NonceVerdict {
    const verdict = this.keys.checkNonce(entry, nonce, nonceWindow, this.nonceTime(receivedAtMs));
    if (verdict !== 'ok') return verdict;
    if (nonceWindow) this.sequencer.recordWindowNonce(entry.record.apiKey, nonce);
    else this.sequencer.recordNonce(entry.record.apiKey, nonce);
    return verdict;
  }

  /**
   * A new key for a user, usable at once; the promise resolves when it is durable. The secret is
   * answered here once: the store and the registry keep it sealed or as an HMAC key only.
   */
  createApiKey(
    user: string,
    permissions: readonly Permission[],
    ips: readonly string[],
    subAccountKey?: SubAccountKeyProfile,
  ): { record: ApiKeyRecord; secret: string; durable: Promise<void> } {
    const now = this.options.clock.nowMs();
    const { record, secret } = generateApiKey(user, permissions, ips, now, this.secrets, subAccountKey);
    return { record, secret, durable: this.updateApiKey(record, secret) };
  }

  /**
   * A key's new record (its allow-list, its settings), in force at once; resolves when durable. It is
   * announced as a created key is: a cluster's gateways read every key again from the store.
   */
  updateApiKey(record: ApiKeyRecord, secret?: string): Promise<void> {
    this.keys.put(record, secret);
    const durable = this.sequencer.recordApiKey(record);
    durable.then(
      () => this.creationListeners.forEach((listener) => listener(record.apiKey)),
      () => undefined,
    );
    return durable;
  }

  async revokeApiKey(record: ApiKeyRecord): Promise<ApiKeyRecord> {
    const revoked = { ...record, revokedAt: this.options.clock.nowMs() };
    this.keys.put(revoked);
    // what the key opened (stream connections) closes at once, before the revocation is durable
    for (const listener of this.revocationListeners) listener(record.apiKey);
    await this.sequencer.recordApiKey(revoked);
    return revoked;
  }

  setMeta(key: string, value: string): Promise<void> {
    return this.sequencer.recordMeta(key, value);
  }

  /**
   * Appends to the admin audit log in the current group commit: whatever the same turn (or a later
   * one) makes durable cannot be durable without it. Resolves once the entry is.
   */
  recordAudit(entry: AuditRecord): Promise<void> {
    return this.sequencer.recordAudit(entry);
  }

  /** Commits everything pending and closes the store; with `snapshot`, saves the final state first. */
  async close(options: { snapshot?: boolean } = {}): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wakeRecovery?.();
    await this.sequencer.drain();
    await this.snapshotting;
    const final = options.snapshot === true ? this.sequencer.committedSnapshot() : undefined;
    if (final !== undefined && final.seq > this.savedSnapshotSeq) {
      this.writeSnapshot(final);
      await this.snapshotting;
    }
    await this.recovering;
    await this.options.store.close();
  }

  /**
   * Saves snapshots one after the other, off the commit path. A failed save costs only start-up
   * time (the journal still holds everything), so it is logged, not fatal.
   */
  private writeSnapshot(snapshot: SnapshotRecord): void {
    this.snapshotting = this.snapshotting.then(async () => {
      if (snapshot.seq <= this.savedSnapshotSeq) return;
      try {
        await this.options.store.saveSnapshot(snapshot, this.options.snapshotKeep ?? 2);
        this.savedSnapshotSeq = snapshot.seq;
        this.options.log.info({ seq: snapshot.seq }, 'snapshot saved');
      } catch (error) {
        if (isFenced(error)) {
          // not a store failure: a cluster's node that lost its lease may write nothing, and the new leader snapshots
          const reason = error instanceof Error ? error.message : String(error);
          this.options.log.warn(
            { seq: snapshot.seq, reason },
            'snapshot not saved: this node no longer holds the lease',
          );
          return;
        }
        this.options.observer?.storeFailed('snapshot');
        this.options.log.error({ err: error, seq: snapshot.seq }, 'snapshot failed');
      }
    });
  }

  private async loadKeys(): Promise<void> {
    const floor = this.options.clock.nowMs() - 2 * this.options.nonceWindowMs;
    const resealed = this.keys.load(
      await this.options.store.loadApiKeys(),
      await this.options.store.loadWindowNonces(floor),
      this.secrets,
    );
    // While recovering the sequencer takes no writes; the next start-up seals the rows in the store.
    if (resealed.length === 0 || !this.sequencer.writable) return;
    await Promise.all(resealed.map((record) => this.sequencer.recordApiKey(record)));
    this.options.log.warn(
      { keys: resealed.length },
      'API key secrets found in plaintext in the store are now sealed under the master key; older copies may remain in backups and in free pages of the database: rotate those keys if such copies may have leaked',
    );
  }

  /**
   * The state, the candles and the keys again from what the store holds, and every read model told
   * (WebSocket subscriptions close: they rest on memory that is gone). Answers the seq rebuilt to.
   * `given`: the state the store holds, rebuilt already (from the copy of the tables just written).
   */
  private async rebuild(replaced: boolean, given?: LoadedState): Promise<number> {
    const loaded = given ?? (await loadState(this.options.store));
    const candles = await openCandles(this.options.store, loaded.state);
    await this.loadKeys();
    // a store whose tables were replaced holds other snapshots; after a failed commit, the same ones
    this.savedSnapshotSeq = replaced ? loaded.fromSnapshotSeq : Math.max(this.savedSnapshotSeq, loaded.fromSnapshotSeq);
    this.sequencer.reset(loaded.state, this.savedSnapshotSeq, candles);
    // every listener starts now, before a command can be taken on the new state: the sockets of the
    // old one are closed first, so that none is closed with the answer to a command still owed
    await Promise.all(this.resetListeners.map((reset) => reset()));
    return loaded.state.seq;
  }

  /**
   * Runs `work` with the venue taking no commands (answered 503 meanwhile) and everything applied
   * before it durable. `work` may `replace` the venue by a copy of its tables (a saved state loaded):
   * the venue goes on from there once `work` is done, not before. Works run one after another: two
   * at once (a save beside a load) would each read or replace the tables under the other, and the
   * first done would let commands in while the other still works.
   */
  exclusive<T>(work: (access: ExclusiveAccess) => Promise<T>): Promise<T> {
    const done = this.exclusiveTurn.then(() => this.alone(work));
    this.exclusiveTurn = done.catch(() => undefined);
    return done;
  }

  private async alone<T>(work: (access: ExclusiveAccess) => Promise<T>): Promise<T> {
    await this.sequencer.suspend();
    try {
      return await work({ store: this.options.store, replace: (rows, loaded) => this.replace(rows, loaded) });
    } finally {
      this.sequencer.resume();
    }
  }

  private async replace(rows: TableRows, loaded: LoadedState): Promise<void> {
    // one transaction: when it fails, the store holds the venue as it was, as memory does
    await this.options.store.replaceVenueTables(rows);
    try {
      await this.rebuild(true, loaded);
    } catch (error) {
      // The store holds the new venue and memory the old one: a command applied now would be
      // journaled on top of the wrong state. Nothing is taken until memory is rebuilt from the store.
      this.sequencer.refuseUntilReset();
      this.options.log.error({ err: error }, 'tables replaced but the venue not rebuilt from them: refusing writes');
      this.recover(true);
      throw error;
    }
  }

  /**
   * A commit failed: the state in memory is ahead of the store. Until the store takes a write
   * again, every write and private read is refused (503); then the state and the keys are rebuilt
   * from what the store holds, and the venue takes requests again by itself.
   */
  private startRecovery(error: unknown): void {
    this.options.observer?.storeFailed('commit');
    this.options.log.error({ err: error }, 'commit failed: refusing writes and rebuilding state from the store');
    this.recover(false);
  }

  /** Rebuilds the venue from the store once it takes a write again; `replaced`: its tables were replaced. */
  private recover(replaced: boolean): void {
    if (this.recovering !== undefined) return;
    this.recovering = (async () => {
      let wait = RECOVERY_FIRST_RETRY_MS;
      while (!this.closed) {
        try {
          await this.options.store.probeWrite();
          const seq = await this.rebuild(replaced);
          this.options.log.warn({ seq }, 'state rebuilt from the store: taking writes again');
          return;
        } catch (e) {
          this.options.observer?.storeFailed('recovery');
          this.options.log.warn({ err: e, retryInMs: wait }, 'store still unavailable');
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, wait);
            this.wakeRecovery = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          this.wakeRecovery = undefined;
          wait = Math.min(wait * 2, RECOVERY_MAX_RETRY_MS);
        }
      }
    })().finally(() => {
      this.recovering = undefined;
    });
  }
}
