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
 * The questions of one message were asked within this of each other (only those held through a
 * failover are further apart): a message gives up when its oldest question's wait ends, which must
 * not cut the younger ones' short.
 */
const MOST_SPREAD_MS = 1_000;

interface Waiting<Q, A> {
  readonly request: Q;
  readonly resolve: (answer: A | undefined) => void;
  /** When it was asked (performance.now()): its wait runs from then, however long it was held. */
  readonly askedAt: number;
}

/**
 * What `send` calls before it sends a batch again because no node received it (no leader between a
 * leader's end and the next one's start); it goes on once the promise settles.
 */
export type BeforeRetry = () => Promise<void>;

/** How `send` sends one batch. */
export interface BatchSending {
  readonly beforeRetry: BeforeRetry;
  /** When the wait of the batch's oldest question ends (performance.now()): no answer by then is none. */
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
 * leader answered in the whole wait fails those held behind it too, which have waited about as long.
 * A batch the leader received and did not answer (it died with it) holds nothing back.
 *
 * Each question's wait runs from when it was asked, held or not: one whose wait (nearly) ended while
 * it was held is not sent at all, and a batch gives up when its oldest question's wait ends, so held
 * questions asked far apart go in messages of their own. Otherwise a
 * question held behind a retried batch would start a whole wait afresh once sent, and its client's
 * connection could end before the venue's answer that it is unavailable.
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

  constructor(
    private readonly send: (requests: readonly Q[], sending: BatchSending) => Promise<readonly A[] | undefined>,
    /** How long a question waits for its answer from when it was asked, sending included. */
    private readonly waitMs: number,
  ) {}

  ask(request: Q): Promise<A | undefined> {
    return new Promise((resolve) => {
      if (this.waiting.length === 0) setImmediate(() => this.flush());
      this.waiting.push({ request, resolve, askedAt: performance.now() });
      if (this.waiting.length >= MOST_PER_BATCH) this.flush();
    });
  }

  private flush(): void {
    // held until the batches being retried are settled: then they go, in order, behind them
    if (this.retrying > 0) return;
    const expiredBefore = performance.now() - this.waitMs + LEAST_LEFT_MS;
    while (this.waiting.length > 0 && this.waiting[0]!.askedAt <= expiredBefore)
      this.waiting.shift()!.resolve(undefined);
    while (this.waiting.length > 0) {
      const oldest = this.waiting[0]!.askedAt;
      let count = 1;
      while (
        count < Math.min(this.waiting.length, MOST_PER_BATCH) &&
        this.waiting[count]!.askedAt - oldest < MOST_SPREAD_MS
      )
        count++;
      this.sendBatch(this.waiting.splice(0, count));
    }
  }

  private sendBatch(batch: readonly Waiting<Q, A>[]): void {
    let retried = false;
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const beforeRetry: BeforeRetry = () => {
      if (retried) return Promise.resolve();
      retried = true;
      this.retrying++;
      const before = this.lastRetrying;
      this.lastRetrying = settled;
      return before;
    };
    // a send that throws at once fails its batch like one that rejects, and nothing else
    void Promise.resolve()
      .then(() =>
        this.send(
          batch.map((w) => w.request),
          { beforeRetry, giveUpAt: batch[0]!.askedAt + this.waitMs },
        ),
      )
      .catch(() => undefined)
      .then((answers) => {
        for (const [i, w] of batch.entries()) w.resolve(answers?.[i]);
        if (!retried) return;
        settle();
        this.retrying--;
        if (answers === undefined) for (const w of this.waiting.splice(0)) w.resolve(undefined);
        this.flush();
      });
  }
}
