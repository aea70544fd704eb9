/**
 * Most a single message to the leader carries: far below NATS's default 1 MB payload for the small
 * requests batched here, and a bound on how long one batch holds the leader's event loop.
 */
const MOST_PER_BATCH = 256;

interface Waiting<Q, A> {
  readonly request: Q;
  readonly resolve: (answer: A | undefined) => void;
}

/**
 * Gathers the questions a gateway puts to the leader in one turn of its event loop (every request
 * whose HTTP or socket frame arrived in the same poll) and sends them as one message, which the
 * leader answers with one message. A message costs both processes a system call and a parse whatever
 * it carries: under load, this is what keeps the leader's work per order from being per message.
 * Nothing waits longer than the turn it was asked in.
 *
 * `send` answers the batch in order, or undefined when no leader answered: each asker then gets
 * undefined, and answers its client that the venue is unavailable.
 */
export class BatchedAsks<Q, A> {
  private waiting: Waiting<Q, A>[] = [];

  constructor(private readonly send: (requests: readonly Q[]) => Promise<readonly A[] | undefined>) {}

  ask(request: Q): Promise<A | undefined> {
    return new Promise((resolve) => {
      if (this.waiting.length === 0) setImmediate(() => this.flush());
      this.waiting.push({ request, resolve });
      if (this.waiting.length >= MOST_PER_BATCH) this.flush();
    });
  }

  private flush(): void {
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    // a send that throws at once fails its batch like one that rejects, and nothing else
    Promise.resolve()
      .then(() => this.send(batch.map((w) => w.request)))
      .then(
        (answers) => {
          for (const [i, w] of batch.entries()) w.resolve(answers?.[i]);
        },
        () => {
          for (const w of batch) w.resolve(undefined);
        },
      );
  }
}
