import { indexTicks, stockMarketOrder, type MarketSpec, type Price } from '@txc/core';
import { makerLadder, touchLots } from '../demo/maker-ladder.js';
import { IndexWalk } from './index-walk.js';
import type { Job } from './job.js';

/** The ladder is moved once the index has left its centre by a ladder step (0.1 %). */
const REQUOTE_PER_MILLE = 1n;

function movedAway(from: Price, to: Price): boolean {
  // |to − from| ≥ from × 0.1 %, as exact fractions
  const diff = to.num * from.den - from.num * to.den;
  const abs = diff < 0n ? -diff : diff;
  return abs * 1000n >= from.num * to.den * REQUOTE_PER_MILLE;
}

/**
 * `--simulate`: as the index moves, the demo `maker` takes its ladder down and lays it again around
 * the new index, and the `taker` trades a tenth of the touch against it on a seeded random side, so
 * that last prices follow the index and stops and OTO legs can fire. Markets whose users or index
 * are missing are left alone.
 */
export const makerQuotes: Job = {
  name: 'maker-quotes',
  start({ venue, config, log }) {
    // only its coin is used: which side the taker trades
    const walk = new IndexWalk(config.priceFeedOptions.seed, 0n);
    const centres = new Map<string, Price>();
    const dirty = new Set<string>();
    let stopped = false;
    let scheduled = false;
    let running: Promise<void> = Promise.resolve();

    const requote = async (spec: MarketSpec): Promise<void> => {
      const index = indexTicks(venue.state, spec);
      const centre = centres.get(spec.name);
      if (index === undefined || (centre !== undefined && !movedAway(centre, index))) return;
      centres.set(spec.name, index);
      const ladder = makerLadder(venue.state, spec);
      if (ladder.length === 0) return;
      // one commit: neither a reader nor a restart sees the book between the two ladders
      await Promise.all(
        venue.inOneCommit(() => [
          venue.submit({ type: 'CancelAllOrders', user: 'maker', market: spec.name, kinds: null }),
          ...ladder.map((cmd) => venue.submit(cmd)),
        ]),
      );
      const lots = Math.floor((touchLots(spec) ?? 0) / 10);
      const side = walk.coin() ? 'buy' : 'sell';
      if (lots === 0) return;
      const account = spec.type === 'futures' ? 'collateral' : 'spot';
      const { result } = await venue.submit(stockMarketOrder('taker', spec.name, side, lots, { account }));
      if (!result.ok) log.debug({ market: spec.name, reason: result.rejection.reason }, 'simulated trade refused');
    };

    const flush = async (): Promise<void> => {
      scheduled = false;
      const names = [...dirty].sort();
      dirty.clear();
      if (stopped || !venue.writable) return;
      const users = venue.state.users;
      if (!users.has('maker') || !users.has('taker')) return;
      for (const name of names) {
        const spec = venue.state.markets.get(name);
        if (spec?.tradesEnabled === true) await requote(spec);
      }
    };

    venue.subscribe(
      (events) => {
        if (stopped) return;
        for (const e of events) {
          if (e.type !== 'IndexPriceSet') continue;
          for (const m of venue.state.markets.values())
            if (m.stock === e.ticker || m.money === e.ticker) dirty.add(m.name);
        }
        if (dirty.size === 0 || scheduled) return;
        scheduled = true;
        setImmediate(() => {
          running = running.then(flush).catch((error: unknown) => log.warn({ err: error }, 'maker re-quote failed'));
        });
      },
      () => Promise.resolve(),
    );
    return async () => {
      stopped = true;
      await running;
    };
  },
};
