import type { DurableOutbox } from '../durable-outbox.js';

/**
 * What several commands of one group commit push, gathered into one send: `current()` is the
 * gathering of the open group commit, its send queued in the durable outbox at first use. `cut()`
 * starts a new gathering for what follows (a subscription that starts now receives those, and not
 * the ones queued before it).
 */
export class PerCommit<T> {
  private open: { readonly commit: Promise<void>; readonly value: T } | undefined;

  constructor(
    private readonly outbox: DurableOutbox,
    private readonly make: () => T,
    private readonly send: (value: T) => void,
  ) {}

  current(): T {
    const commit = this.outbox.currentCommit();
    if (this.open?.commit === commit) return this.open.value;
    const entry = { commit, value: this.make() };
    this.open = entry;
    this.outbox.later(() => {
      if (this.open === entry) this.open = undefined;
      this.send(entry.value);
    });
    return entry.value;
  }

  cut(): void {
    this.open = undefined;
  }
}
