import {
  accountView,
  indexTicks,
  parseUnits,
  spotLimitOrder,
  type MarketSpec,
  type PlaceOrder,
  type State,
} from '@txc/core';

/** Distances from the index are in millionths of it. */
export const PER_MILLION = 1_000_000n;

/**
 * How the maker quotes a market: `levels` orders a side, the k-th `k × step` millionths of the index
 * away from it, so that the spread between the best bid and ask is twice the step.
 */
export interface LadderShape {
  readonly step: bigint;
  readonly levels: number;
}

/** The demo's book: twelve levels a side, each 0.1 % further from the index (the farthest 1.2 % away). */
export const DEMO_LADDER: LadderShape = { step: 1000n, levels: 12 };

/** Stock at the touch of a ladder; each level out holds half of it more. */
const TOUCH_AMOUNT: Readonly<Record<string, string>> = { BTC: '0.1', ETH: '1', XRP: '1000' };

/** The lots at the touch of a market's ladder; undefined for a stock the demo does not quote. */
export function touchLots(spec: MarketSpec): number | undefined {
  const text = TOUCH_AMOUNT[spec.stock];
  const lots = text === undefined ? undefined : parseUnits(text, spec.stockPrec);
  if (text !== undefined && lots === undefined) throw new Error(`demo ladder: ${text} does not fit ${spec.name}`);
  return lots === undefined ? undefined : Number(lots);
}

/**
 * A price of `spec` `perMillion` millionths away from its index (stock index / money index), in ticks:
 * bids rounded down and asks up, so every level stays on its side of the index. Undefined without an index.
 */
export function ladderTicks(
  state: State,
  spec: MarketSpec,
  side: 'buy' | 'sell',
  perMillion: bigint,
): number | undefined {
  const index = indexTicks(state, spec);
  if (index === undefined) return undefined;
  const num = index.num * (side === 'buy' ? PER_MILLION - perMillion : PER_MILLION + perMillion);
  const den = index.den * PER_MILLION;
  const q = num / den;
  return Number(side === 'sell' && q * den !== num ? q + 1n : q);
}

/**
 * The `maker`'s ladder on a market: `shape.levels` limit orders a side around the index, from the
 * spot account on spot pairs and the collateral account on perpetuals. On perpetuals the maker
 * trades in hedge mode, bids opening its LONG position and asks its SHORT one: in one-way mode a
 * bid larger than its short would be refused (code 115), and one side of its book would vanish as
 * soon as it held a position. Empty when the market has no index or a stock the demo does not quote.
 */
export function makerLadder(state: State, spec: MarketSpec, shape: LadderShape = DEMO_LADDER): PlaceOrder[] {
  const lots = touchLots(spec);
  if (lots === undefined) return [];
  const perpetual = spec.type === 'futures';
  const hedged = perpetual && accountView(state, 'maker').hedgeMode;
  const out: PlaceOrder[] = [];
  const last = { buy: Number.POSITIVE_INFINITY, sell: Number.NEGATIVE_INFINITY };
  for (let k = 1; k <= shape.levels; k++) {
    const amount = lots + Math.floor((lots * (k - 1)) / 2);
    const bid = ladderTicks(state, spec, 'buy', shape.step * BigInt(k));
    const ask = ladderTicks(state, spec, 'sell', shape.step * BigInt(k));
    if (bid === undefined || ask === undefined) return [];
    // levels a tick apart at least, and a touch never crossed: a step finer than the tick widens to it
    const at = { buy: Math.min(bid, ask - 1, last.buy - 1), sell: Math.max(ask, last.sell + 1) };
    for (const side of ['buy', 'sell'] as const) {
      const ticks = at[side];
      last[side] = ticks;
      if (ticks < 1) continue;
      out.push(
        spotLimitOrder('maker', spec.name, side, ticks, amount, {
          account: perpetual ? 'collateral' : 'spot',
          ...(hedged ? { positionSide: side === 'buy' ? ('LONG' as const) : ('SHORT' as const) } : {}),
        }),
      );
    }
  }
  return out;
}
