import {
  accountView,
  indexTicks,
  parseUnits,
  spotLimitOrder,
  type MarketSpec,
  type PlaceOrder,
  type State,
} from '@txc/core';

/** Levels per side, each 0.1 % further from the index: the farthest is 1.2 % away, inside the 2 % band. */
export const LADDER_LEVELS = 12;

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
 * A price of `spec` `perMille`‰ away from its index (stock index / money index), in ticks: bids
 * rounded down and asks up, so every level stays on its side of the index. Undefined without an index.
 */
export function ladderTicks(
  state: State,
  spec: MarketSpec,
  side: 'buy' | 'sell',
  perMille: number,
): number | undefined {
  const index = indexTicks(state, spec);
  if (index === undefined) return undefined;
  const num = index.num * BigInt(side === 'buy' ? 1000 - perMille : 1000 + perMille);
  const den = index.den * 1000n;
  const q = num / den;
  return Number(side === 'sell' && q * den !== num ? q + 1n : q);
}

/**
 * The `maker`'s ladder on a market: LADDER_LEVELS limit orders a side around the index, from the
 * spot account on spot pairs and the collateral account on perpetuals. On perpetuals the maker
 * trades in hedge mode, bids opening its LONG position and asks its SHORT one: in one-way mode a
 * bid larger than its short would be refused (code 115), and one side of its book would vanish as
 * soon as it held a position. Empty when the market has no index or a stock the demo does not quote.
 */
export function makerLadder(state: State, spec: MarketSpec): PlaceOrder[] {
  const lots = touchLots(spec);
  if (lots === undefined) return [];
  const perpetual = spec.type === 'futures';
  const hedged = perpetual && accountView(state, 'maker').hedgeMode;
  const out: PlaceOrder[] = [];
  for (let k = 1; k <= LADDER_LEVELS; k++) {
    const amount = lots + Math.floor((lots * (k - 1)) / 2);
    for (const side of ['buy', 'sell'] as const) {
      const ticks = ladderTicks(state, spec, side, k);
      if (ticks === undefined) return [];
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
