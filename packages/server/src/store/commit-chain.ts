import { settledWithin } from '../timing/settled-within.js';
import { mergeBatches } from './commit-batch.js';
import type { CommitBatch } from './port.js';

interface Link {
  readonly batch: CommitBatch;
  /** When it was handed over (performance.now()): its time to be durable runs from then. */
  readonly handedAt: number;
  resolve(): void;
  reject(error: unknown): void;
}

/** A transaction the store did not finish in time: it may still be written once the store answers. */
export class CommitTimedOutError extends Error {
  override readonly name = 'CommitTimedOutError';
  constructor(ms: number) {
    super(`the group commit was not durable within ${ms} ms: the store hangs or is cut off`);
  }
}

/**
 * The commit chain of the port (port.ts) over a store that writes one transaction at a time: commits
 * are written in call order, those that queued up while one was written go together in the next
 * transaction, and when one fails, those queued behind it fail with it.
 *
 * Once `limit` is set, a commit not durable that long after it was handed over fails as if the
 * store had refused it, and so does everything queued behind it, unwritten: their requests are
 * answered while the store hangs instead of when the connection gives up. Only the transaction
 * being written stays of unknown outcome, and nothing more is written until it is known
 * (`settled`), so that the venue, rebuilding from the store, reads it if it landed.
 */
export class CommitChain {
  private queue: Link[] = [];
  private writing: Promise<void> | undefined;
  private timeoutMs: number | undefined;

  constructor(private readonly write: (batch: CommitBatch) => Promise<void>) {}

  /** True when no transaction is being written. */
  get idle(): boolean {
    return this.writing === undefined;
  }

  /** From now on, a commit not durable within `ms` of being handed over fails (see the class). */
  limit(ms: number): void {
    this.timeoutMs = ms;
  }

  /** Resolves once no transaction is being written: every one handed over has landed or failed. */
  async settled(): Promise<void> {
    while (this.writing !== undefined) await this.writing;
  }

  commit(batch: CommitBatch): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ batch, handedAt: performance.now(), resolve, reject });
      this.writing ??= this.writeQueued();
    });
  }

  private async writeQueued(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const links = this.queue;
        this.queue = [];
        let written: Promise<void> | undefined;
        try {
          // the oldest link's time runs out first: one that waited out its own behind a slow commit is not written
          const left = this.timeLeft(links[0]!);
          if (left <= 0) throw new CommitTimedOutError(this.timeoutMs!);
          written = this.write(mergeBatches(links.map((l) => l.batch)));
          await settledWithin(written, left, () => {
            throw new CommitTimedOutError(this.timeoutMs!);
          });
          for (const link of links) link.resolve();
        } catch (error) {
          // Whatever queued up meanwhile was applied on top of the failed commits.
          const behind = this.queue;
          this.queue = [];
          for (const link of [...links, ...behind]) link.reject(error);
          // a transaction given up on may still land: nothing is written after it until it is known
          await written?.catch(() => undefined);
        }
      }
    } finally {
      // at once, in the turn the last write ended: a commit handed over next starts a writer of its own
      this.writing = undefined;
    }
  }

  /** How long `link` may still take (infinite without a limit). */
  private timeLeft(link: Link): number {
    const limit = this.timeoutMs;
    return limit === undefined ? Number.POSITIVE_INFINITY : link.handedAt + limit - performance.now();
  }
}
