import { INDEX_PRICE_DECIMALS, parseUnits, pow10, spotLimitOrder, type MarketSpec } from '@txc/core';
import type { Venue } from '../venue/venue.js';
import type { SeedStep } from './seed.js';

/** Starting index prices in USDT (demo-seed.md). */
export const DEMO_INDEX_PRICES: Readonly<Record<string, string>> = { BTC: '60000', ETH: '3000', XRP: '0.5', USDT: '1' };

/** Levels per side, each 0.1 % further from the index: the farthest is 1.2 % away, inside the 2 % band. */
export const LADDER_LEVELS = 12;
const STEP_PER_MILLE = 1n;

/** Stock per level: `base` at the touch, growing by `base / 2` per level out. */
const LEVEL_AMOUNT: Readonly<Record<string, string>> = { BTC: '0.1', ETH: '1', XRP: '1000' };

function indexUnits(ticker: string): bigint {
  const text = DEMO_INDEX_PRICES[ticker];
  const v = text === undefined ? undefined : parseUnits(text, INDEX_PRICE_DECIMALS);
  if (v === undefined) throw new Error(`demo seed: no index price for ${ticker}`);
  return v;
}

/**
 * A price of `spec` `perMille`‰ away from the pair's index (stock index / money index), in ticks:
 * bids rounded down and asks up, so every level stays on its side of the index.
 */
export function ladderTicks(spec: MarketSpec, side: 'buy' | 'sell', perMille: bigint): number {
  const num = indexUnits(spec.stock) * pow10(spec.moneyPrec) * (side === 'buy' ? 1000n - perMille : 1000n + perMille);
  const den = indexUnits(spec.money) * 1000n;
  const q = num / den;
  return Number(side === 'sell' && q * den !== num ? q + 1n : q);
}

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
      const base = LEVEL_AMOUNT[spec.stock];
      if (spec.type !== 'spot' || !spec.tradesEnabled || base === undefined) continue;
      if (DEMO_INDEX_PRICES[spec.money] === undefined) continue;
      const lots = parseUnits(base, spec.stockPrec);
      if (lots === undefined) throw new Error(`demo seed: ${base} does not fit ${spec.name}`);
      for (let k = 1; k <= LADDER_LEVELS; k++) {
        const amount = Number(lots + (lots * BigInt(k - 1)) / 2n);
        const perMille = BigInt(k) * STEP_PER_MILLE;
        pending.push(
          venue.submit(spotLimitOrder('maker', spec.name, 'buy', ladderTicks(spec, 'buy', perMille), amount)),
        );
        pending.push(
          venue.submit(spotLimitOrder('maker', spec.name, 'sell', ladderTicks(spec, 'sell', perMille), amount)),
        );
      }
      const take = Number(lots / 10n);
      pending.push(
        venue.submit(spotLimitOrder('taker', spec.name, 'buy', ladderTicks(spec, 'sell', STEP_PER_MILLE), take)),
      );
      pending.push(
        venue.submit(spotLimitOrder('taker', spec.name, 'sell', ladderTicks(spec, 'buy', STEP_PER_MILLE), take)),
      );
    }
    return pending;
  },
};
