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
 *
 * One batch is out at a time; what is asked meanwhile goes in the next, sent when the one out is
 * answered. So the leader receives the questions in the order they were asked, also when a batch
 * has to be sent again and again until a new leader answers (a failover): one socket's orders are
 * placed in the order it sent them. A batch no leader answered (undefined) fails the ones that
 * waited behind it too: they have waited about as long, and each would wait as long again.
 *
 * `send` answers the batch in order, or undefined when no leader answered: each asker then gets
 * undefined, and answers its client that the venue is unavailable.
 */
export class BatchedAsks<Q, A> {
  private waiting: Waiting<Q, A>[] = [];
  private out = false;

  constructor(private readonly send: (requests: readonly Q[]) => Promise<readonly A[] | undefined>) {}

  ask(request: Q): Promise<A | undefined> {
    return new Promise((resolve) => {
      if (this.waiting.length === 0 && !this.out) setImmediate(() => this.flush());
      this.waiting.push({ request, resolve });
    });
  }

  private flush(): void {
    if (this.out || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, MOST_PER_BATCH);
    this.out = true;
    // a send that throws at once fails its batch like one that rejects, and nothing else
    void Promise.resolve()
      .then(() => this.send(batch.map((w) => w.request)))
      .catch(() => undefined)
      .then((answers) => {
        this.out = false;
        for (const [i, w] of batch.entries()) w.resolve(answers?.[i]);
        if (answers === undefined) for (const w of this.waiting.splice(0)) w.resolve(undefined);
        this.flush();
      });
  }
}
