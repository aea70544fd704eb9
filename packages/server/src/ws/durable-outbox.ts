/** What the outbox needs of the venue: a promise of everything applied so far being durable. */
export interface Durability {
  durable(): Promise<void>;
  /** False while `durable` refuses (a failed commit, until the venue rebuilds): whatever is sent now would be lost. */
  readonly durableNow: boolean;
}

/** A send, and what to send instead if its commit is lost. */
interface Send {
  readonly send: () => void;
  readonly lost: (() => void) | undefined;
}

/** The sends waiting for one group commit. */
interface Entry {
  readonly commit: Promise<void>;
  readonly sends: Send[];
  settled: 'waiting' | 'durable' | 'lost';
}

/**
 * Holds every push until the group commit that made its content durable has returned (DESIGN §6): a
 * client never sees an order, fill or price that a crash could take back. What a channel captures
 * now, from the state as applied, is sent once everything applied so far is durable, after every
 * send queued before it: pushes leave in journal order. Sends queued under the same open group
 * commit share one wait.
 *
 * A commit that fails loses its entry and every entry after it (the venue rebuilds its state from the
 * store and the hub closes every socket).
 */
export class DurableOutbox {
  private readonly queue: Entry[] = [];

  constructor(
    private readonly durability: Durability,
    private readonly onError: (error: unknown) => void,
  ) {}

  /**
   * Runs `send` once everything applied until now is durable, after every send queued before it;
   * `lost` instead when that commit fails or the venue is to rebuild after one (an answer a client
   * waits for is not left unsaid).
   */
  later(send: () => void, lost?: () => void): void {
    const commit = this.durability.durable();
    const tail = this.queue.at(-1);
    if (tail !== undefined && tail.commit === commit && tail.settled === 'waiting') {
      tail.sends.push({ send, lost });
      return;
    }
    const entry: Entry = { commit, sends: [{ send, lost }], settled: 'waiting' };
    this.queue.push(entry);
    commit.then(
      () => this.settle(entry, 'durable'),
      () => this.settle(entry, 'lost'),
    );
  }

  /**
   * Which group commit `later` would wait for now: channels that gather several commands' pushes
   * into one frame gather only while this stays the same.
   */
  currentCommit(): Promise<void> {
    return this.durability.durable();
  }

  /** Whether a send queued now would be lost at once: the venue rebuilds from its store, closing every socket. */
  get refusing(): boolean {
    return !this.durability.durableNow;
  }

  /** Forgets every send still waiting (the venue was rebuilt: their sockets are closing). */
  clear(): void {
    for (const entry of this.queue) entry.settled = 'lost';
    this.queue.length = 0;
  }

  /** Sends waiting for a commit. */
  get pending(): number {
    let n = 0;
    for (const entry of this.queue) n += entry.sends.length;
    return n;
  }

  private settle(entry: Entry, how: 'durable' | 'lost'): void {
    if (entry.settled !== 'waiting') return;
    entry.settled = how;
    if (how === 'lost') {
      // nothing after a lost commit is durable either: the venue refuses writes until it rebuilds
      const at = this.queue.indexOf(entry);
      if (at >= 0) {
        for (const e of this.queue.splice(at)) {
          e.settled = 'lost';
          this.run(e.sends, 'lost');
        }
      }
    }
    while (this.queue[0]?.settled === 'durable') {
      const head = this.queue.shift() as Entry;
      this.run(head.sends, 'send');
    }
  }

  /** Runs each send, or what stands for it when its commit was lost (every push passes here: no copies). */
  private run(sends: readonly Send[], which: keyof Send): void {
    for (const send of sends) {
      try {
        send[which]?.();
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
