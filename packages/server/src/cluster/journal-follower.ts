import type { Command, CommandResults, State } from '@txc/core';
import type pg from 'pg';
import type { JournalRecord, Store } from '../store/port.js';
import { applyJournalEntry, loadState, type LoadedState } from '../venue/sequencer/load-state.js';
import type { EventListener } from '../venue/sequencer/sequencer.js';

const PAGE = 10_000;
/** A read model that failed to load again after a reload tries again after this. */
const RELOAD_RETRY_MS = 1_000;
/**
 * Results kept after their entry was applied: the reply that names an entry's seq to the gateway
 * that sent its command can arrive after the journal's notification made it apply the entry.
 */
const RECENT_RESULTS = 65_536;

/** What an entry's command answered when it was applied. */
export type AppliedResult = CommandResults[Command['type']];

/**
 * A hot standby's engine state: loaded from the store, then kept current by applying every entry the
 * leader commits, as the leader applied it. The journal's NOTIFY (migration 0012) wakes it at each
 * commit; a poll catches up whatever a dropped notification connection missed.
 */
export class JournalFollower {
  private loaded: LoadedState;
  /** The last entry applied: a journal that no longer holds it was replaced (a saved state loaded). */
  private last: JournalRecord | undefined;
  private catching: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private listener: pg.Client | undefined;
  private closed = false;
  private readonly listeners: EventListener[] = [];
  private readonly reloadListeners: (() => Promise<void>)[] = [];
  /**
   * The results of the entries applied last, by seq: a command's own result, for whoever sent it.
   * Kept only where commands are sent from (`keepResults`: a gateway's copy; a standby sends none).
   */
  private readonly recent = new Map<number, AppliedResult>();
  private keepsResults = false;
  /** Who waits for the state to reach a seq. */
  private reaching: { readonly seq: number; readonly resolve: () => void }[] = [];
  /** Who waits for an entry's result, by its seq. */
  private readonly waiting = new Map<number, { resolve: (r: AppliedResult) => void; reject: (e: Error) => void }[]>();

  private constructor(
    private readonly store: Store,
    loaded: LoadedState,
    private readonly onError: (error: unknown) => void,
  ) {
    this.loaded = loaded;
  }

  static async open(store: Store, onError: (error: unknown) => void): Promise<JournalFollower> {
    const follower = new JournalFollower(store, await loadState(store), onError);
    await follower.anchor();
    return follower;
  }

  get state(): State {
    return this.loaded.state;
  }

  /** The state as the leader's venue takes it over: what was loaded, and everything applied since. */
  get current(): LoadedState {
    return this.loaded;
  }

  /**
   * Sees every entry as it is applied, with the events and result it had on the leader: what a
   * gateway's streams push. Everything it sees is already committed.
   */
  onApplied(listener: EventListener): void {
    this.listeners.push(listener);
  }

  /**
   * Told when the journal was replaced (a saved state loaded) and the state loaded again. A listener
   * that fails (the store away a moment) is reported and called again until it succeeds.
   */
  onReload(listener: () => Promise<void>): void {
    this.reloadListeners.push(listener);
  }

  /** Resolves once the state has applied `seq` (at once when it has). */
  reach(seq: number): Promise<void> {
    if (this.loaded.state.seq >= seq) return Promise.resolve();
    return new Promise((resolve) => {
      this.reaching.push({ seq, resolve });
      this.wake();
    });
  }

  /** From now on, keeps the results `resultOf` answers. */
  keepResults(): void {
    this.keepsResults = true;
  }

  /**
   * The result entry `seq` had when this state applied it: resolves once it is applied (at once
   * when it was applied lately). Rejects when the journal was replaced before it came.
   */
  resultOf(seq: number): Promise<AppliedResult> {
    const known = this.recent.get(seq);
    if (known !== undefined) return Promise.resolve(known);
    if (seq <= this.loaded.state.seq) return Promise.reject(new Error(`entry ${seq} was applied too long ago`));
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(seq) ?? [];
      list.push({ resolve, reject });
      this.waiting.set(seq, list);
      this.wake();
    });
  }

  /**
   * Follows commits as they are notified on a connection of its own (`session` makes one; a lost one
   * is replaced), and every `pollMs`, which also catches up whatever the notifications missed.
   */
  async follow(session: () => pg.Client, pollMs: number): Promise<void> {
    this.timer = setInterval(() => this.wake(), pollMs);
    try {
      await this.listen(session, pollMs);
    } catch (error) {
      await this.close();
      throw error;
    }
    this.wake();
  }

  /** Listens on a new connection; a lost one is replaced after `retryMs`, until the follower closes. */
  private async listen(session: () => pg.Client, retryMs: number): Promise<void> {
    const listener = session();
    this.listener = listener;
    let lost = false;
    const lose = (error?: unknown): void => {
      if (error !== undefined) this.onError(error);
      if (lost || this.closed) return;
      lost = true;
      void listener.end().catch(() => undefined);
      setTimeout(() => {
        if (!this.closed) this.listen(session, retryMs).catch(() => undefined);
      }, retryMs);
    };
    listener.on('notification', () => this.wake());
    listener.on('error', lose);
    listener.on('end', () => lose());
    try {
      await listener.connect();
      await listener.query('listen txc_journal');
    } catch (error) {
      lose(error);
      throw error;
    }
  }

  /** Applies every entry committed so far; resolves once the state is at the journal's end. */
  async catchUp(): Promise<void> {
    while (this.catching !== undefined) await this.catching;
    this.catching = this.applyCommitted().finally(() => {
      this.catching = undefined;
    });
    await this.catching;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.catching?.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
  }

  private wake(): void {
    if (this.closed) return;
    if (this.catching !== undefined) {
      this.again = true;
      return;
    }
    this.catchUp()
      .then(() => {
        if (!this.again) return;
        this.again = false;
        this.wake();
      })
      .catch((error: unknown) => this.onError(error));
  }

  private async applyCommitted(): Promise<void> {
    for (;;) {
      const state = this.loaded.state;
      // one entry before: the journal must still hold the last one applied
      const from = this.last === undefined ? state.seq : state.seq - 1;
      const page = await this.store.readJournal(from, PAGE);
      const entries = this.last === undefined ? page : this.continuing(page);
      if (entries === undefined) {
        this.loaded = await loadState(this.store);
        await this.anchor();
        for (const listen of this.reloadListeners) this.reloaded(listen);
        this.forgetWaiting();
        continue;
      }
      for (const entry of entries) {
        const { command, events, result } = applyJournalEntry(state, entry);
        const stamp = { seq: entry.seq, time: entry.time };
        for (const listen of this.listeners) listen(events, command, result, stamp);
        this.remember(entry.seq, result);
      }
      if (entries.length > 0) this.last = entries.at(-1);
      this.releaseReached();
      if (page.length < PAGE) return;
    }
  }

  private reloaded(listen: () => Promise<void>): void {
    const failed = (error: unknown): void => {
      this.onError(error);
      setTimeout(() => {
        if (!this.closed) this.reloaded(listen);
      }, RELOAD_RETRY_MS).unref();
    };
    // one listener throwing must not keep the others (and the waiters) from hearing of the reload
    try {
      listen().catch(failed);
    } catch (error) {
      failed(error);
    }
  }

  private releaseReached(): void {
    const seq = this.loaded.state.seq;
    if (this.reaching.length === 0) return;
    const reached = this.reaching.filter((w) => w.seq <= seq);
    this.reaching = this.reaching.filter((w) => w.seq > seq);
    for (const w of reached) w.resolve();
  }

  private remember(seq: number, result: AppliedResult): void {
    if (!this.keepsResults) return;
    this.recent.set(seq, result);
    if (this.recent.size > RECENT_RESULTS) this.recent.delete(this.recent.keys().next().value as number);
    const waiting = this.waiting.get(seq);
    if (waiting === undefined) return;
    this.waiting.delete(seq);
    for (const w of waiting) w.resolve(result);
  }

  /** The journal was replaced: the entries waited for are not the ones it holds now. */
  private forgetWaiting(): void {
    this.recent.clear();
    for (const list of this.waiting.values()) for (const w of list) w.reject(new Error('the journal was replaced'));
    this.waiting.clear();
    // a seq of the journal before means nothing in this one: nobody waits for it any longer
    for (const w of this.reaching.splice(0)) w.resolve();
  }

  /**
   * Takes the entry the loaded state ends with as the last one applied: a journal replaced before
   * another entry is applied is then seen as replaced too. The entry the load applied last, or, for
   * a state that is a snapshot alone, the journal's entry of that seq (none once it is gone).
   */
  private async anchor(): Promise<void> {
    const seq = this.loaded.state.seq;
    const entry = this.loaded.lastEntry ?? (seq === 0 ? undefined : (await this.store.readJournal(seq - 1, 1))[0]);
    this.last = entry?.seq === seq ? entry : undefined;
  }

  /** The page without the last entry applied, or undefined when the journal no longer holds it. */
  private continuing(page: readonly JournalRecord[]): readonly JournalRecord[] | undefined {
    const first = page[0];
    const last = this.last!;
    if (first === undefined || first.seq !== last.seq || first.time !== last.time || first.command !== last.command)
      return undefined;
    return page.slice(1);
  }
}
