import type { DurableOutbox } from '../durable-outbox.js';

/**
 * Where an account channel's frames of one command stand among the others': a command's deals, then
 * its orders' updates, then the balances they left, so that a client never reads a fill's order as
 * finished before its deal, nor a balance holding for an order it has not been told of. The channels
 * see a command's events in this order (streams.ts lists them so).
 */
export const PUSH_RANK = { deals: 0, ordersPending: 1, ordersExecuted: 2, balanceSpot: 3 } as const;

/** The ranked gatherings of each outbox. */
const ranked = new WeakMap<DurableOutbox, PerCommit<unknown>[]>();

/**
 * What several commands of one group commit push, gathered into one send: `current()` is the
 * gathering of the open group commit, its send queued in the durable outbox at first use. `cut()`
 * starts a new gathering for what follows (a subscription that starts now receives those, and not
 * the ones queued before it). A gathering with a `rank` (PUSH_RANK) that queues its send cuts those of
 * higher ranks: what they gather next is sent after it, as within one command.
 */
export class PerCommit<T> {
  private open: { readonly commit: Promise<void>; readonly value: T } | undefined;

  constructor(
    private readonly outbox: DurableOutbox,
    private readonly make: () => T,
    private readonly send: (value: T) => void,
    private readonly rank?: number,
  ) {
    if (rank === undefined) return;
    const gatherings = ranked.get(outbox) ?? [];
    gatherings.push(this as PerCommit<unknown>);
    ranked.set(outbox, gatherings);
  }

  current(): T {
    const commit = this.outbox.currentCommit();
    if (this.open?.commit === commit) return this.open.value;
    const entry = { commit, value: this.make() };
    this.open = entry;
    this.outbox.later(() => {
      if (this.open === entry) this.open = undefined;
      this.send(entry.value);
    });
    if (this.rank !== undefined) for (const later of ranked.get(this.outbox)!) if (later.rank! > this.rank) later.cut();
    return entry.value;
  }

  cut(): void {
    this.open = undefined;
  }
}
