import type { Event } from '@txc/core';
import type { Venue } from '../venue/venue.js';
import type { Job } from './job.js';

/**
 * Whether an event may bring an account below its maintenance margin: it moves an index or pays
 * funding (every account valued on it may have fallen), or changes a position (a fill far from the
 * mark can open one below it, the mark unmoved: a book with no ask leaves it at the index however
 * low the bids).
 */
function mayBringBelowMaintenance(e: Event): boolean {
  return e.type === 'IndexPriceSet' || e.type === 'FundingSettled' || e.type === 'PositionChanged';
}

/**
 * Whether a perpetual's mark moved since the last look. The mark stands off the index by the
 * premium the engine keeps current, so with the index unchanged a new premium is a new mark.
 */
function marksMoved(venue: Venue, seen: Map<string, bigint>): boolean {
  let moved = false;
  for (const [market, f] of venue.state.funding) {
    if (seen.get(market) !== f.premium) {
      seen.set(market, f.premium);
      moved = true;
    }
  }
  return moved;
}

/**
 * How often the watcher looks without a price having moved: an account also falls below its
 * maintenance margin by the interest it accrues, and a position the book could not take is closed
 * once bids or asks arrive, which on a spot pair move no price.
 */
export const RECHECK_MS = 10_000;

/**
 * Submits `CheckLiquidations` after every change of an index or of a perpetual's mark (its book
 * moving off the index), after each funding settlement and each command that changed a position,
 * and every RECHECK_MS. Checks never queue up:
 * while one runs, later changes ask for one more after it. A check that finds nothing to do (nobody
 * below maintenance, or nothing it could change for those who are) is refused by the engine and
 * leaves no trace.
 */
export const liquidationWatcher: Job = {
  name: 'liquidation-watcher',
  start({ venue, log }) {
    let stopped = false;
    let pending = false;
    let running: Promise<void> = Promise.resolve();
    const premiums = new Map<string, bigint>();

    const check = async (): Promise<void> => {
      pending = false;
      if (stopped || !venue.writable) return;
      const { result } = await venue.submit({ type: 'CheckLiquidations' });
      if (result.ok) log.warn({ users: result.value.liquidated }, 'accounts liquidated');
    };
    const request = (): void => {
      if (stopped || pending) return;
      pending = true;
      // after the command that moved the prices has returned: the engine takes one command at a time
      setImmediate(() => {
        running = running.then(check).catch((error: unknown) => log.warn({ err: error }, 'liquidation check failed'));
      });
    };
    venue.subscribe(
      (events) => {
        if (marksMoved(venue, premiums) || events.some(mayBringBelowMaintenance)) request();
      },
      // prices may have moved while the store was away: look again once the state is rebuilt
      () => {
        request();
        return Promise.resolve();
      },
    );
    const recheck = setInterval(request, RECHECK_MS);
    recheck.unref();
    return async () => {
      stopped = true;
      clearInterval(recheck);
      await running;
    };
  },
};
