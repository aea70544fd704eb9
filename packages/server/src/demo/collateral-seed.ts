import { parseUnits, spotLimitOrder } from '@txc/core';
import type { Venue } from '../venue/venue.js';
import { DEMO_LADDER, ladderTicks, makerLadder, touchLots } from './maker-ladder.js';
import type { SeedStep } from './seed-step.js';

/** What the demo's lending pool starts with, in whole units: enough for margin positions of every demo user. */
export const DEMO_LENDING_POOL: Readonly<Record<string, string>> = { USDT: '10000000', BTC: '100', ETH: '1000' };

/** Demo step: the operator funds the lending pool that margin positions on spot pairs borrow from. */
export const lendingPool: SeedStep = {
  name: 'lending-pool',
  run(venue: Venue) {
    const pending: Promise<unknown>[] = [];
    for (const [ticker, whole] of Object.entries(DEMO_LENDING_POOL)) {
      const asset = venue.state.assets.get(ticker);
      const amount = asset === undefined ? undefined : parseUnits(whole, asset.precision);
      if (amount === undefined) continue;
      pending.push(venue.submit({ type: 'FundLendingPool', ticker, amount }));
    }
    return pending;
  },
};

/**
 * Demo step: the `maker` turns hedge mode on, then on every perpetual lays a ladder in its
 * collateral account on both sides around the index (the same spacing as the spot ladders, within
 * 1.2 %), and `taker` buys twice the touch's tenth at the ask and sells one tenth at the bid:
 * trades, a last price, 24-hour figures and open interest (the taker long, the maker long and short)
 * are real from the first request. Deterministic.
 */
export const perpetualLiquidity: SeedStep = {
  name: 'perpetual-liquidity',
  run(venue: Venue) {
    const pending: Promise<unknown>[] = [venue.submit({ type: 'SetHedgeMode', user: 'maker', hedgeMode: true })];
    for (const spec of venue.state.markets.values()) {
      if (spec.type !== 'futures' || !spec.tradesEnabled || spec.margin === undefined) continue;
      const ladder = makerLadder(venue.state, spec);
      if (ladder.length === 0) continue;
      for (const cmd of ladder) pending.push(venue.submit(cmd));
      const take = Math.floor((touchLots(spec) ?? 0) / 10);
      const ask = ladderTicks(venue.state, spec, 'sell', DEMO_LADDER.step) as number;
      const bid = ladderTicks(venue.state, spec, 'buy', DEMO_LADDER.step) as number;
      const taker = { account: 'collateral' } as const;
      pending.push(venue.submit(spotLimitOrder('taker', spec.name, 'buy', ask, 2 * take, taker)));
      pending.push(venue.submit(spotLimitOrder('taker', spec.name, 'sell', bid, take, taker)));
    }
    return pending;
  },
};
