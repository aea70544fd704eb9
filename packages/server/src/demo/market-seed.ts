import { INDEX_PRICE_DECIMALS, parseUnits, spotLimitOrder } from '@txc/core';
import { DEMO_LADDER, ladderTicks, makerLadder, touchLots } from './maker-ladder.js';
import type { Venue } from '../venue/venue.js';
import type { SeedStep } from './seed-step.js';

/** Starting index prices in USDT (demo-seed.md). */
export const DEMO_INDEX_PRICES: Readonly<Record<string, string>> = { BTC: '60000', ETH: '3000', XRP: '0.5', USDT: '1' };

/**
 * Demo step: the starting index prices, then on every spot market a `maker` ladder on both sides
 * around the index and two `taker` trades against it (a buy at the ask, a sell at the bid), so
 * that last price, bid, ask and the 24-hour statistics are real from the first request.
 * Deterministic: the same orders at the same prices on every fresh data dir.
 */
export const marketsAndLiquidity: SeedStep = {
  name: 'index-prices-and-liquidity',
  run(venue: Venue) {
    const pending: Promise<unknown>[] = [];
    for (const [ticker, text] of Object.entries(DEMO_INDEX_PRICES)) {
      if (!venue.state.assets.has(ticker)) continue;
      pending.push(
        venue.submit({ type: 'SetIndexPrice', ticker, price: parseUnits(text, INDEX_PRICE_DECIMALS) as bigint }),
      );
    }
    for (const spec of venue.state.markets.values()) {
      if (spec.type !== 'spot' || !spec.tradesEnabled) continue;
      const take = Math.floor((touchLots(spec) ?? 0) / 10);
      const ladder = makerLadder(venue.state, spec);
      if (ladder.length === 0) continue;
      for (const cmd of ladder) pending.push(venue.submit(cmd));
      const ask = ladderTicks(venue.state, spec, 'sell', DEMO_LADDER.step) as number;
      const bid = ladderTicks(venue.state, spec, 'buy', DEMO_LADDER.step) as number;
      pending.push(venue.submit(spotLimitOrder('taker', spec.name, 'buy', ask, take)));
      pending.push(venue.submit(spotLimitOrder('taker', spec.name, 'sell', bid, take)));
    }
    return pending;
  },
};
