import { Worker } from 'node:worker_threads';

/** Statement numbers by SQL text, for the life of the process; `statementTexts[n]` is statement n. */
const statementNumbers = new Map<string, number>();
const statementTexts: string[] = [];

function statementNumber(sql: string): number {
  let n = statementNumbers.get(sql);
  if (n === undefined) {
    n = statementTexts.length;
    statementTexts.push(sql);
    statementNumbers.set(sql, n);
  }
  return n;
}

/**
 * The statements of one write transaction, in order, as the writer thread is sent them: for each
 * execution, the statement's number, how many parameters follow, then the parameters (`?` in the
 * SQL text, in order). One flat array of values clones in about half the time of an array per
 * row, and a statement's SQL text goes to the thread once, not with every group commit.
 */
export class TransactionWrites {
  readonly ops: unknown[] = [];

  add(sql: string, params: readonly unknown[]): void {
    this.ops.push(statementNumber(sql), params.length, ...params);
  }
}

/**
 * What the writer thread is sent. A link of the commit chain (`link`) may be written in one
 * transaction with the links queued behind it, and is refused if an earlier link of its
 * generation failed; any other request is a transaction of its own. `statements` gives the SQL
 * texts of the statement numbers the thread has not been sent yet (number, text, number, ...).
 */
interface Request {
  readonly id: number;
  readonly ops: readonly unknown[];
  readonly statements: readonly (number | string)[] | undefined;
  readonly link: boolean;
  readonly generation: number;
}

/** What the writer thread answers to a request: nothing, or why nothing of it was written. */
interface Reply {
  readonly id: number;
  readonly error?: { readonly message: string; readonly code?: string };
}

/** A failed write transaction, as the writer thread reported it (nothing of it was kept). */
export class SqliteWriteError extends Error {
  override readonly name = 'SqliteWriteError';

  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

const THREAD = new URL('./sqlite-writer-thread.mjs', import.meta.url);

interface Pending {
  readonly link: boolean;
  resolve(): void;
  reject(error: Error): void;
}

/**
 * The SQLite store's writes, run on a worker thread with its own connection
 * (sqlite-writer-thread.mjs): the statements and the fsync of each COMMIT no longer hold the event
 * loop, which keeps taking requests (and applying commands into the next group commit) meanwhile.
 * Every write resolves once the thread's COMMIT has returned, that is once it is durable.
 *
 * Group commits are links of one chain (`link`): each is sent as soon as the sequencer closes it,
 * so the thread starts the next as soon as one is durable, without waiting for this thread to
 * hear of it; links that queued up meanwhile share one transaction. A link is only written if every
 * earlier one was: once one fails, the links already sent behind it are refused, and links sent
 * after that failure was reported here start a new generation, written again.
 *
 * If the thread dies, every write in flight fails (the venue then recovers as from any failed
 * commit) and the next one starts a fresh thread.
 */
export class SqliteWriter {
  private worker: Worker | undefined;
  /**
   * How many requests the thread has finished, which it counts up as each transaction ends: read
   * here without waiting for its replies, which are heard only once the event loop's turn is over.
   */
  private finished: Int32Array<ArrayBufferLike> = new Int32Array(0);
  /** How many requests were sent to the current thread. */
  private sent = 0;
  /** The statement numbers whose SQL text the current thread was sent. */
  private known: boolean[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private generation = 0;
  private closed = false;

  constructor(
    private readonly file: string,
    /** Applied to the writer's connection when it opens (synchronous, busy_timeout, ...). */
    private readonly pragmas: readonly string[],
  ) {
    // Started at once: the thread opens its connection while the venue loads its state.
    this.worker = this.start();
  }

  /** The next link of the commit chain; resolves once it (and every link before it) is committed. */
  link(writes: TransactionWrites): Promise<void> {
    return this.send(writes, true);
  }

  /** A transaction of its own, outside the commit chain; resolves once it is committed. */
  transaction(writes: TransactionWrites): Promise<void> {
    return this.send(writes, false);
  }

  /** True when the thread has finished every request sent to it (or there is no thread yet). */
  idle(): boolean {
    return this.worker === undefined || Atomics.load(this.finished, 0) === this.sent;
  }

  /** Lets the writes in flight finish, then closes the writer's connection and its thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const worker = this.worker;
    if (worker === undefined) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref();
    worker.postMessage({ close: true });
    await exited;
  }

  private send(writes: TransactionWrites, link: boolean): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the SQLite store is closed'));
    const worker = (this.worker ??= this.start());
    const { ops } = writes;
    const unknown = this.unknownStatements(ops);
    const statements = unknown.length === 0 ? undefined : unknown.flatMap((n) => [n, statementTexts[n]!]);
    const request: Request = { id: this.nextId++, ops, statements, link, generation: this.generation };
    return new Promise<void>((resolve, reject) => {
      // The thread keeps the process alive only while a write is waiting on it.
      if (this.pending.size === 0) worker.ref();
      this.pending.set(request.id, { link, resolve, reject });
      try {
        worker.postMessage(request);
        this.sent++;
        for (const n of unknown) this.known[n] = true;
      } catch (error) {
        // never sent (a value that cannot be cloned): nothing waits for it
        this.pending.delete(request.id);
        if (this.pending.size === 0) worker.unref();
        throw error;
      }
    });
  }

  /** The statement numbers in `ops` whose SQL text the current thread has not been sent. */
  private unknownStatements(ops: readonly unknown[]): number[] {
    const unknown: number[] = [];
    for (let i = 0; i < ops.length; i += 2 + (ops[i + 1] as number)) {
      const n = ops[i] as number;
      if (this.known[n] !== true && !unknown.includes(n)) unknown.push(n);
    }
    return unknown;
  }

  private start(): Worker {
    const finished = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    this.finished = new Int32Array(finished);
    this.sent = 0;
    this.known = [];
    const worker = new Worker(THREAD, { workerData: { file: this.file, pragmas: this.pragmas, finished } });
    worker.unref();
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (error) => this.abandon(worker, error));
    worker.on('exit', (code) => this.abandon(worker, new Error(`the SQLite writer thread exited (code ${code})`)));
    return worker;
  }

  private settle(reply: Reply): void {
    const waiting = this.pending.get(reply.id);
    if (waiting === undefined) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (reply.error === undefined) return waiting.resolve();
    // Links sent from now on follow the failure: the thread writes them again.
    if (waiting.link) this.generation++;
    waiting.reject(new SqliteWriteError(reply.error.message, reply.error.code));
  }

  /** The thread is gone: whatever it had not answered fails, and the next write starts another. */
  private abandon(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.generation++;
    const failed = [...this.pending.values()];
    this.pending.clear();
    for (const waiting of failed) waiting.reject(error);
  }
}
