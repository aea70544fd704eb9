import { waitEndsAt } from './request-deadline.js';

/**
 * Most a single message to the leader carries: far below NATS's default 1 MB payload for the small
 * requests batched here, and a bound on how long one batch holds the leader's event loop.
 */
const MOST_PER_BATCH = 256;
/**
 * A question with less of its wait left than this is not sent: once sent it would most likely time
 * out, and a timeout after sending tells its client less (it may have been applied) than not sending.
 */
const LEAST_LEFT_MS = 200;
/**
 * The waits of one message's questions end within this of each other (only those held through a
 * failover, or asked late in their requests, are further apart): a message gives up when the first
 * of them ends, which must not cut the others' short.
 */
const MOST_SPREAD_MS = 1_000;

interface Waiting<Q, A> {
  readonly request: Q;
  readonly resolve: (answer: A | undefined) => void;
  /**
   * When its wait ends (performance.now()): a whole wait from when it was asked, however long it was
   * held, or sooner when the request it serves must be answered sooner (request-deadline.ts).
   */
  readonly giveUpAt: number;
}

/**
 * What `send` calls before it sends a batch again because no node received it (no leader between a
 * leader's end and the next one's start); it goes on once the promise settles.
 */
export type BeforeRetry = () => Promise<void>;

/** How `send` sends one batch. */
export interface BatchSending {
  readonly beforeRetry: BeforeRetry;
  /** When the first of the batch's waits ends (performance.now()): no answer by then is none. */
  readonly giveUpAt: number;
}

/**
 * Gathers the questions a gateway puts to the leader in one turn of its event loop (every request
 * whose HTTP or socket frame arrived in the same poll) and sends them as one message, which the
 * leader answers with one message. A message costs both processes a system call and a parse whatever
 * it carries: under load, this is what keeps the leader's work per order from being per message.
 *
 * The leader receives the messages in the order they were sent (NATS keeps one connection's order),
 * except when no node leads and each is sent again until one does: then each would be retried on its
 * own timer, and the first to reach the new leader would be applied first (one socket's orders at the
 * same price placed in reverse). So a batch that has to be sent again waits for those that had to
 * before it, and nothing new is sent until they have all been answered, or have failed: a batch no
 * leader answered in its whole wait fails with it those held behind it whose waits end no later.
 * A batch the leader received and did not answer (it died with it) holds nothing back.
 *
 * Each question's wait runs from when it was asked, held or not, and ends by the end of the request
 * it serves: one whose wait (nearly) ends while it is held is answered then, unsent, however long the
 * batches before it take (their waits may end later than its own), and a batch gives up
 * when the first of its waits ends, so questions whose waits end far apart go in messages of their
 * own. Otherwise a question held behind a retried batch would start a whole wait afresh once sent,
 * and its client's connection could end before the venue's answer that it is unavailable.
 *
 * `send` answers the batch in order, or undefined when no leader answered: each asker then gets
 * undefined, and answers its client that the venue is unavailable.
 */
export class BatchedAsks<Q, A> {
  private waiting: Waiting<Q, A>[] = [];
  /** Batches being sent again because no node led. */
  private retrying = 0;
  /** Settles once the last batch to start retrying has been answered or has failed. */
  private lastRetrying: Promise<void> = Promise.resolve();
  /** While questions are held: fires when the first of their waits (nearly) ends, at `heldFirst`. */
  private heldTimer: NodeJS.Timeout | undefined;
  private heldFirst = Number.POSITIVE_INFINITY;

  constructor(
    private readonly send: (requests: readonly Q[], sending: BatchSending) => Promise<readonly A[] | undefined>,
    /** How long a question waits for its answer from when it was asked, sending included, at most. */
    private readonly waitMs: number,
  ) {}

  ask(request: Q): Promise<A | undefined> {
    return new Promise((resolve) => {
      if (this.waiting.length === 0) setImmediate(() => this.flush());
      const giveUpAt = waitEndsAt(this.waitMs);
      this.waiting.push({ request, resolve, giveUpAt });
      if (this.retrying > 0) {
        if (giveUpAt < this.heldFirst) this.holdUntil(giveUpAt);
      } else if (this.waiting.length >= MOST_PER_BATCH) this.flush();
    });
  }

  private flush(): void {
    this.dropLate();
    // held until the batches being retried are settled: then they go, in order, behind them
    if (this.retrying > 0) return this.holdUntil(this.waiting.reduce((t, w) => Math.min(t, w.giveUpAt), Infinity));
    this.holdUntil(Number.POSITIVE_INFINITY);
    while (this.waiting.length > 0) {
      let first = this.waiting[0]!.giveUpAt;
      let last = first;
      let count = 1;
      for (; count < Math.min(this.waiting.length, MOST_PER_BATCH); count++) {
        const next = this.waiting[count]!.giveUpAt;
        if (Math.max(last, next) - Math.min(first, next) >= MOST_SPREAD_MS) break;
        first = Math.min(first, next);
        last = Math.max(last, next);
      }
      this.sendBatch(this.waiting.splice(0, count), first);
    }
  }

  /** Answers, unsent, the questions with too little of their wait left for an answer to come in it. */
  private dropLate(): void {
    const sendable = performance.now() + LEAST_LEFT_MS;
    const [late, rest] = partition(this.waiting, (w) => w.giveUpAt < sendable);
    this.waiting = rest;
    for (const w of late) w.resolve(undefined);
  }

  /**
   * While questions are held, each is answered when its own wait (nearly) ends: `first` is the first
   * of those waits to end (none: endless), when the held ones are looked at again.
   */
  private holdUntil(first: number): void {
    clearTimeout(this.heldTimer);
    this.heldFirst = first;
    if (first === Number.POSITIVE_INFINITY) return;
    this.heldTimer = setTimeout(() => this.flush(), Math.max(0, first - LEAST_LEFT_MS - performance.now()));
  }

  private sendBatch(batch: readonly Waiting<Q, A>[], giveUpAt: number): void {
    let retried = false;
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const beforeRetry: BeforeRetry = () => {
      if (retried) return Promise.resolve();
      retried = true;
      this.retrying++;
      const before = this.lastRetrying;
      // those after wait for every batch before, even when this one stopped waiting for them (its wait ended)
      this.lastRetrying = Promise.all([before, settled]).then(() => undefined);
      return before;
    };
    // a send that throws at once fails its batch like one that rejects, and nothing else
    void Promise.resolve()
      .then(() =>
        this.send(
          batch.map((w) => w.request),
          { beforeRetry, giveUpAt },
        ),
      )
      .catch(() => undefined)
      .then((answers) => {
        for (const [i, w] of batch.entries()) w.resolve(answers?.[i]);
        if (!retried) return;
        settle();
        this.retrying--;
        if (answers === undefined) {
          const [due, rest] = partition(this.waiting, (w) => w.giveUpAt <= giveUpAt);
          this.waiting = rest;
          for (const w of due) w.resolve(undefined);
        }
        this.flush();
      });
  }
}

/** The items `late` says are late, and the others, each in their order. */
function partition<T>(items: readonly T[], late: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (late(item) ? yes : no).push(item);
  return [yes, no];
}
