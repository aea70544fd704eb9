import { mergeBatches } from './commit-batch.js';
import type { CommitBatch } from './port.js';

interface Link {
  readonly batch: CommitBatch;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * The commit chain of the port (port.ts) over a store that writes one transaction at a time: commits
 * are written in call order, those that queued up while one was written go together in the next
 * transaction, and when one fails, those queued behind it fail with it.
 */
export class CommitChain {
  private queue: Link[] = [];
  private writing = false;

  constructor(private readonly write: (batch: CommitBatch) => Promise<void>) {}

  /** True when no transaction is being written. */
  get idle(): boolean {
    return !this.writing;
  }

  commit(batch: CommitBatch): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ batch, resolve, reject });
      if (!this.writing) void this.writeQueued();
    });
  }

  private async writeQueued(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0) {
      const links = this.queue;
      this.queue = [];
      try {
        await this.write(mergeBatches(links.map((l) => l.batch)));
        for (const link of links) link.resolve();
      } catch (error) {
        // Whatever queued up meanwhile was applied on top of the failed commits.
        const behind = this.queue;
        this.queue = [];
        for (const link of [...links, ...behind]) link.reject(error);
      }
    }
    this.writing = false;
  }
}
