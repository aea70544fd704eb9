import { stockMarketOrder } from '@txc/core';
import { touchLots } from '../demo/maker-ladder.js';
import { IndexWalk } from './index-walk.js';
import type { Job } from './job.js';

/**
 * `--simulate`: on every market, the demo `taker` sends market orders of a tenth of the maker's
 * touch at the pace the simulator's settings give (trades per minute), on a seeded random side, so
 * that last prices follow the index and stops and OTO legs can fire. A market whose pace changes is
 * rescheduled at once; a refused order (the taker out of funds) is logged and the pace kept. A
 * market a fault rule halts is not traded while the halt holds.
 */
export const simulatedTakers: Job = {
  name: 'simulated-takers',
  start({ venue, config, log, simulator, faults }) {
    // only its coin is used: which side the taker trades
    const coin = new IndexWalk(config.seed ?? config.priceFeedOptions.seed, 0n);
    const timers = new Map<string, NodeJS.Timeout>();
    let stopped = false;
    let running: Promise<void> = Promise.resolve();

    const trade = async (market: string): Promise<void> => {
      const spec = venue.state.markets.get(market);
      if (stopped || !venue.writable || spec?.tradesEnabled !== true || !venue.state.users.has('taker')) return;
      // an order refused by a halt would only count as an injected fault
      if (faults?.halts(market) === true) return;
      const lots = Math.floor((touchLots(spec) ?? 0) / 10);
      if (lots === 0) return;
      const side = coin.coin() ? 'buy' : 'sell';
      const account = spec.type === 'futures' ? 'collateral' : 'spot';
      const { result } = await venue.submit(stockMarketOrder('taker', market, side, lots, { account }));
      if (!result.ok) log.debug({ market, reason: result.rejection.reason }, 'simulated trade refused');
    };

    const pace = (market: string): void => {
      clearInterval(timers.get(market));
      timers.delete(market);
      const perMinute = simulator?.of(market).tradesPerMinute ?? 0;
      if (stopped || perMinute === 0) return;
      const timer = setInterval(
        () => {
          running = running
            .then(() => trade(market))
            .catch((error: unknown) => log.warn({ err: error }, 'simulated trade failed'));
        },
        Math.max(10, Math.round(60_000 / perMinute)),
      );
      timer.unref();
      timers.set(market, timer);
    };

    for (const market of [...venue.state.markets.keys()].sort()) pace(market);
    simulator?.onChange(pace);
    return async () => {
      stopped = true;
      for (const timer of timers.values()) clearInterval(timer);
      await running;
    };
  },
};
