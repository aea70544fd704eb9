import type { DurableOutbox } from '../durable-outbox.js';
import type { AccountFollowers } from './account-followers.js';

/** A followed account's frames now, by what a subscription's terms are matched on (an asset…). */
export type FramesByKey = Map<string, string>;

/**
 * What an account channel pushes on a period, when it changed: per followed user, the frame last
 * shown under each key. Each period forgets the users nobody follows any more, then pushes, to the
 * user's connections whose terms accept the key, each frame that differs from the one shown.
 */
export class ChangedFrames<R> {
  private readonly shown = new Map<string, FramesByKey>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly outbox: DurableOutbox,
    private readonly followers: AccountFollowers<R>,
    everyMs: number,
    private readonly framesOf: (user: string) => FramesByKey,
    private readonly accepts: (terms: R, key: string) => boolean = () => true,
  ) {
    this.timer = setInterval(() => this.tick(), everyMs);
    this.timer.unref();
  }

  /** Later pushes of the user's account are changes from these, unless it is already shown. */
  showing(user: string, frames: () => FramesByKey): void {
    if (!this.shown.has(user)) this.shown.set(user, frames());
  }

  clear(): void {
    this.shown.clear();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    for (const user of [...this.shown.keys()]) if (!this.followers.wants(user)) this.shown.delete(user);
    for (const [user, shown] of this.shown) {
      const changed: [string, string][] = [];
      for (const [key, text] of this.framesOf(user)) {
        if (shown.get(key) === text) continue;
        shown.set(key, text);
        changed.push([key, text]);
      }
      if (changed.length === 0) continue;
      this.outbox.later(() => {
        for (const [key, text] of changed) this.followers.send(user, text, (terms) => this.accepts(terms, key));
      });
    }
  }
}
