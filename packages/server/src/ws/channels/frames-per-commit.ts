import type { DurableOutbox } from '../durable-outbox.js';
import type { AccountFollowers } from './account-followers.js';
import { PerCommit } from './per-commit.js';

/**
 * The frames an account channel pushes for one group commit, in the order they were made, each for
 * one user and tagged with what the followers' terms are matched on (a market, a type): sent together
 * once the commit is durable, each to its user's connections whose terms accept its tag.
 */
export class FramesPerCommit<R, T> {
  private readonly frames: PerCommit<[string, T, string][]>;

  /** `rank`: where the channel's frames of one command stand among the others' (per-commit.ts PUSH_RANK). */
  constructor(
    outbox: DurableOutbox,
    private readonly followers: AccountFollowers<R>,
    private readonly accepts: (terms: R, tag: T) => boolean,
    rank: number,
  ) {
    this.frames = new PerCommit<[string, T, string][]>(
      outbox,
      () => [],
      (frames) => this.send(frames),
      rank,
    );
  }

  push(user: string, tag: T, text: string): void {
    this.frames.current().push([user, tag, text]);
  }

  /** What follows goes out in a send of its own (a subscription that starts now receives it). */
  cut(): void {
    this.frames.cut();
  }

  private send(frames: readonly [string, T, string][]): void {
    for (const [user, tag, text] of frames) this.followers.send(user, text, (terms) => this.accepts(terms, tag));
  }
}
