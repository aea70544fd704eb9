import { parseUnits, spotLimitOrder } from '@txc/core';
import type { Venue } from '../venue/venue.js';
import { ladderTicks, LADDER_LEVELS } from './market-seed.js';
import type { SeedStep } from './seed.js';

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

/** Stock per level at the touch of a perpetual's ladder; it grows by half of it per level out. */
const PERP_LEVEL: Readonly<Record<string, string>> = { BTC: '0.1', ETH: '1' };

/**
 * Demo step: on every perpetual, a `maker` ladder in its collateral account on both sides around
 * the index (the same spacing as the spot ladders, within 1.2 %), then `taker` buys twice the
 * touch's tenth at the ask and sells one tenth at the bid: trades, a last price, 24-hour figures and
 * open interest (taker long, maker short) are real from the first request. Deterministic.
 */
export const perpetualLiquidity: SeedStep = {
  name: 'perpetual-liquidity',
  run(venue: Venue) {
    const pending: Promise<unknown>[] = [];
    const order = (user: string, market: string, side: 'buy' | 'sell', ticks: number, lots: number): void => {
      pending.push(venue.submit(spotLimitOrder(user, market, side, ticks, lots, { account: 'collateral' })));
    };
    for (const spec of venue.state.markets.values()) {
      const base = PERP_LEVEL[spec.stock];
      if (spec.type !== 'futures' || !spec.tradesEnabled || spec.margin === undefined || base === undefined) continue;
      const lots = parseUnits(base, spec.stockPrec);
      if (lots === undefined) throw new Error(`demo seed: ${base} does not fit ${spec.name}`);
      for (let k = 1; k <= LADDER_LEVELS; k++) {
        const amount = Number(lots + (lots * BigInt(k - 1)) / 2n);
        order('maker', spec.name, 'buy', ladderTicks(spec, 'buy', BigInt(k)), amount);
        order('maker', spec.name, 'sell', ladderTicks(spec, 'sell', BigInt(k)), amount);
      }
      const take = Number(lots / 10n);
      order('taker', spec.name, 'buy', ladderTicks(spec, 'sell', 1n), 2 * take);
      order('taker', spec.name, 'sell', ladderTicks(spec, 'buy', 1n), take);
    }
    return pending;
  },
};
