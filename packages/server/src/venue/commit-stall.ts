import type { Logger } from 'pino';
import type { VenueStatus } from './venue.js';

/**
 * A group commit that has waited this long for the store has a store that is not answering (a
 * frozen disk, a locked table, a database paused): every request that writes waits behind it, so
 * the server is not ready (`/health`) and says so in its log. A commit takes milliseconds otherwise.
 */
export const STALLED_COMMIT_MS = 5_000;

/** How often the watch looks: a stall is said within a second of reaching the mark. */
const WATCH_EVERY_MS = 1_000;

/**
 * Says in the log, once per stall, when a group commit has waited STALLED_COMMIT_MS for the store,
 * and when that is over: nothing else would tell before the commit ended or failed (a failure says
 * itself, as `commit failed`). Returns the stop.
 */
export function watchCommitStalls(status: () => VenueStatus, log: Logger): () => void {
  let stalled = false;
  const timer = setInterval(() => {
    const now = status();
    if (!stalled && now.commitWaitingMs >= STALLED_COMMIT_MS) {
      stalled = true;
      log.warn(
        { waitingMs: Math.round(now.commitWaitingMs) },
        'a group commit is waiting for the store: requests that write wait with it (is the disk or the database answering?)',
      );
    } else if (stalled && now.commitWaitingMs < STALLED_COMMIT_MS) {
      stalled = false;
      // a commit the store failed says so itself (`commit failed`), and the venue may be back within a tick
      log.info({ seq: now.seq, writable: now.writable }, 'the waiting group commit is over');
    }
  }, WATCH_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
