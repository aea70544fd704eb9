import { parseUnits } from '@txc/core';
import type { BenchKey } from './signed-load.js';

export const ORDER_NEW_PATH = '/api/v4/order/new';
const MARKET = 'BTC_USDT';
/** The band every price stays in, in cents (the market's ticks). */
const LOW = 2_990_000;
const HIGH = 3_010_000;
const AMOUNT = '0.001';
const STOCK_PRECISION = 6;

function cents(c: number): string {
  return `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
}

/**
 * Limit orders a venue can take for as long as a run lasts, each one accepted. Every key runs the
 * same cycle of four on BTC_USDT, all of 0.001 BTC: a buy at a seeded price in the band (it rests,
 * or takes the best ask below it), a sell at the bottom of the band (it takes the best bid), a sell
 * at a seeded price (rests or takes), a buy at the top (takes the best ask). As every order has the
 * same amount, each one either fills exactly one resting order or rests, so the book stays a few
 * dozen orders deep whatever the interleaving of the connections; and each user buys as much as it
 * sells, so its balances only move by the spread and the fees.
 */
export class OrderFlow {
  private readonly steps = new Map<BenchKey, { n: number; seed: number }>();

  readonly next = (key: BenchKey): Readonly<Record<string, unknown>> => {
    let s = this.steps.get(key);
    if (s === undefined) {
      s = { n: 0, seed: this.steps.size + 1 };
      this.steps.set(key, s);
    }
    const step = s.n++ % 4;
    const side = step === 0 || step === 3 ? 'buy' : 'sell';
    const price = step === 1 ? LOW : step === 3 ? HIGH : LOW + (this.random(s) % (HIGH - LOW + 1));
    return { market: MARKET, side, amount: AMOUNT, price: cents(price) };
  };

  /** xorshift32: the same prices on every run. */
  private random(s: { seed: number }): number {
    let x = s.seed;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    s.seed = x >>> 0;
    return s.seed;
  }
}

/** How many orders rest in the book (each of the flow's one amount), read from the public order book. */
export async function restingOrders(url: string): Promise<number> {
  const response = await fetch(`${url}/api/v4/public/orderbook/${MARKET}?limit=100`);
  const book = (await response.json()) as { asks: [string, string][]; bids: [string, string][] };
  const each = parseUnits(AMOUNT, STOCK_PRECISION) ?? 1n;
  let lots = 0n;
  for (const [, amount] of [...book.asks, ...book.bids]) lots += parseUnits(amount, STOCK_PRECISION) ?? 0n;
  return Number(lots / each);
}
