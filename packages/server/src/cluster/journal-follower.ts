import type { State } from '@txc/core';
import type pg from 'pg';
import type { JournalRecord, Store } from '../store/port.js';
import { applyJournalEntry, loadState, type LoadedState } from '../venue/sequencer/load-state.js';

const PAGE = 10_000;

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

  private constructor(
    private readonly store: Store,
    loaded: LoadedState,
    private readonly onError: (error: unknown) => void,
  ) {
    this.loaded = loaded;
  }

  static async open(store: Store, onError: (error: unknown) => void): Promise<JournalFollower> {
    return new JournalFollower(store, await loadState(store), onError);
  }

  get state(): State {
    return this.loaded.state;
  }

  /** The state as the leader's venue takes it over: what was loaded, and everything applied since. */
  get current(): LoadedState {
    return this.loaded;
  }

  /** Follows commits as they are notified on `listener` (a connection of its own), and every `pollMs`. */
  async follow(listener: pg.Client, pollMs: number): Promise<void> {
    this.listener = listener;
    listener.on('notification', () => this.wake());
    listener.on('error', (error) => this.onError(error));
    await listener.connect();
    await listener.query('listen txc_journal');
    this.timer = setInterval(() => this.wake(), pollMs);
    this.wake();
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
        this.last = undefined;
        continue;
      }
      for (const entry of entries) applyJournalEntry(state, entry);
      if (entries.length > 0) this.last = entries.at(-1);
      if (page.length < PAGE) return;
    }
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
