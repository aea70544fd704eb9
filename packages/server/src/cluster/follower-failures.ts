import type { Logger } from 'pino';
import { StandingNotice } from '../timing/standing-notice.js';

/**
 * How a journal follower's failures reach the log. While the store is out of reach every poll fails
 * (several a second): the first is logged with its error, then one line each `everyMs` while they go
 * on, counting those not logged.
 */
export function followerFailures(log: Logger, everyMs?: number): (error: unknown) => void {
  const notice = new StandingNotice(everyMs);
  let unsaid = 0;
  return (error) => {
    if (!notice.due()) {
      unsaid++;
      return;
    }
    log.warn({ err: error, ...(unsaid > 0 ? { failedSince: unsaid } : {}) }, 'following the journal failed; retrying');
    unsaid = 0;
  };
}
