import { indexTicks, type MarketSpec, type Price } from '@txc/core';
import { makerLadder } from '../demo/maker-ladder.js';
import type { Job } from './job.js';

/** The demo user whose ladders these are. */
const MAKER = 'maker';

/** How often a market whose levels takers take whole is refilled, at most. */
const REFILL_EVERY_MS = 250;

/** How soon re-quotes held back while the venue takes no commands are tried again. */
const RETRY_MS = 100;

/** The ladder is moved once the index has left its centre by 0.1 %. */
const REQUOTE_PER_MILLE = 1n;

function movedAway(from: Price, to: Price): boolean {
  // |to − from| ≥ from × 0.1 %, as exact fractions
  const diff = to.num * from.den - from.num * to.den;
  const abs = diff < 0n ? -diff : diff;
  return abs * 1000n >= from.num * to.den * REQUOTE_PER_MILLE;
}

/**
 * `--simulate`: as the index moves, the demo `maker` takes its ladder down and lays it again around
 * the new index, with the spread and depth the simulator's settings give the market. A change of
 * them and a venue rebuilt from its store re-quote at once; a level taken whole is refilled within a
 * quarter second. Markets whose maker or index is missing are left alone, and so is a market a fault
 * rule halts until the halt ends.
 */
export const makerQuotes: Job = {
  name: 'maker-quotes',
  start({ venue, log, simulator, faults }) {
    const centres = new Map<string, Price>();
    const dirty = new Set<string>();
    const forced = new Set<string>();
    /** Markets a level of which was taken whole, and when each was last refilled. */
    const depleted = new Set<string>();
    const refilledAt = new Map<string, number>();
    let stopped = false;
    let scheduled = false;
    let retry: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();

    const requote = async (spec: MarketSpec, force: boolean): Promise<void> => {
      const index = indexTicks(venue.state, spec);
      const centre = centres.get(spec.name);
      if (index === undefined || (!force && centre !== undefined && !movedAway(centre, index))) return;
      centres.set(spec.name, index);
      const ladder = makerLadder(venue.state, spec, simulator?.of(spec.name).ladder);
      if (ladder.length === 0) return;
      // one commit: neither a reader nor a restart sees the book between the two ladders
      await Promise.all(
        venue.inOneCommit(() => [
          venue.submit({ type: 'CancelAllOrders', user: MAKER, market: spec.name, kinds: null }),
          ...ladder.map((cmd) => venue.submit(cmd)),
        ]),
      );
    };

    /** Lays the market's ladder again at the next flush, whether the index moved or not. */
    const relay = (market: string): void => {
      dirty.add(market);
      forced.add(market);
    };

    /** Runs `schedule` again in a while: for a venue that takes no commands yet, or a refill held back. */
    const later = (ms: number): void => {
      if (retry !== undefined || stopped) return;
      retry = setTimeout(() => {
        retry = undefined;
        schedule();
      }, ms);
    };

    const flush = async (): Promise<void> => {
      scheduled = false;
      if (stopped || !venue.state.users.has(MAKER)) return;
      // a venue being rebuilt or paused takes its re-quotes once it takes commands again
      if (!venue.writable) return later(RETRY_MS);
      const now = performance.now();
      for (const name of [...depleted]) {
        // a level taken whole is laid again, at most this often: a fresh ladder crossing a resting
        // order fills at once, and would otherwise be laid again turn after turn
        const wait = (refilledAt.get(name) ?? Number.NEGATIVE_INFINITY) + REFILL_EVERY_MS - now;
        if (wait > 0) {
          later(wait);
          continue;
        }
        depleted.delete(name);
        refilledAt.set(name, now);
        relay(name);
      }
      const names = [...dirty].sort();
      const force = new Set(forced);
      dirty.clear();
      forced.clear();
      for (const name of names) {
        const spec = venue.state.markets.get(name);
        if (spec?.tradesEnabled !== true) continue;
        if (faults?.halts(name) === true) {
          // its new ladder would be refused once the old one was down, leaving the book empty: the
          // ladder and its centre stay as they are until the halt ends
          dirty.add(name);
          if (force.has(name)) forced.add(name);
          continue;
        }
        await requote(spec, force.has(name));
      }
    };

    const schedule = (): void => {
      if ((dirty.size === 0 && depleted.size === 0) || scheduled) return;
      scheduled = true;
      setImmediate(() => {
        running = running.then(flush).catch((error: unknown) => log.warn({ err: error }, 'maker re-quote failed'));
      });
    };

    venue.subscribe(
      (events) => {
        if (stopped) return;
        for (const e of events) {
          if (e.type === 'IndexPriceSet') {
            for (const m of venue.state.markets.values())
              if (m.stock === e.ticker || m.money === e.ticker) dirty.add(m.name);
          } else if (e.type === 'OrderFinished' && e.order.user === MAKER && e.order.status === 'FILLED') {
            // refilled, or a still index (volatility 0) would let takers empty the book
            depleted.add(e.order.market);
          }
        }
        schedule();
      },
      () => {
        // a loaded or reset venue holds the ladders it was saved with: each is laid again with today's settings
        if (stopped) return Promise.resolve();
        centres.clear();
        for (const name of venue.state.markets.keys()) relay(name);
        schedule();
        return Promise.resolve();
      },
    );
    // the end of a halt lets the re-quotes it held back go
    faults?.onChange(() => {
      if (!stopped) schedule();
    });
    simulator?.onChange((market) => {
      if (stopped) return;
      relay(market);
      schedule();
    });
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await running;
    };
  },
};
