import { RATE_SCALE } from '../money/rate.js';
import type { MarketSpec } from '../spec/market.js';
import type { Position } from '../state/collateral-state.js';
import type { State } from '../state/state.js';
import { accountFigures, positionPnl, unitsFor } from './margin.js';
import { assetValue, divide } from './valuation.js';

/**
 * Prices at which a perpetual position of a liquidated account may be closed, in ticks. A
 * perpetual's notional is exact in its money asset's minor unit (its fine unit: see
 * docs/decisions.md), so closing all `s` lots of a position at price P realizes P × s × mul − basis
 * for a long (basis − P × s × mul for a short), in minor units of money, and leaves the account with
 * its equity without the position plus that. Every figure is rounded in the account's favour.
 */

/** The largest tick price a liquidation sends an order at: beyond it a buy crosses every ask anyway. */
const MAX_PRICE = Number.MAX_SAFE_INTEGER;

/** The account's equity without the position's unrealized PnL, in minor units of money, rounded down. */
function equityWithout(state: State, user: string, spec: MarketSpec, pos: Position, now: number): bigint | undefined {
  const unit = assetValue(state, spec.money, 1n);
  if (unit === undefined || unit === 0n) return undefined;
  return divide(accountFigures(state, user, now).equity - positionPnl(state, spec, pos), unit, false);
}

function clamp(price: bigint): number {
  if (price < 1n) return 1;
  return price > BigInt(MAX_PRICE) ? MAX_PRICE : Number(price);
}

/**
 * The bankruptcy price: the price at which closing the whole position, without fee, leaves the
 * account's equity at zero, all else held — rounded in the account's favour (up for a long sold, down
 * for a short bought), at least one tick. Undefined without prices to value the account at.
 */
export function bankruptcyPrice(
  state: State,
  user: string,
  spec: MarketSpec,
  pos: Position,
  now: number,
): number | undefined {
  const rest = equityWithout(state, user, spec, pos, now);
  if (rest === undefined || pos.size === 0) return undefined;
  const per = BigInt(Math.abs(pos.size)) * unitsFor(state, spec).mul;
  return clamp(pos.size > 0 ? divide(pos.basis - rest, per, true) : divide(pos.basis + rest, per, false));
}

/**
 * The worst price the book may close the whole position at: the one at which, after the taker fee
 * (and one minor unit of its rounding), the account's loss beyond its equity is what the insurance
 * fund can pay (`fund`, minor units of money). A close filled at that price or better, in whole or in
 * part, never costs the fund more. Undefined when no positive price is within it (a short whose
 * buy-back would cost more at any price) or the account cannot be valued.
 */
export function worstClosePrice(
  state: State,
  user: string,
  spec: MarketSpec,
  pos: Position,
  fund: bigint,
  now: number,
): number | undefined {
  const rest = equityWithout(state, user, spec, pos, now);
  if (rest === undefined || pos.size === 0) return undefined;
  const reach = rest + (fund > 0n ? fund : 0n);
  const per = BigInt(Math.abs(pos.size)) * unitsFor(state, spec).mul;
  const fee = spec.takerFee;
  if (fee >= RATE_SCALE) return undefined;
  if (pos.size > 0) {
    // sold for N: N − ⌈N × fee⌉ − basis + reach ≥ 0 holds once N × (1 − fee) ≥ basis − reach + 1
    return clamp(divide((pos.basis - reach + 1n) * RATE_SCALE, (RATE_SCALE - fee) * per, true));
  }
  // bought back for N: basis − N − ⌈N × fee⌉ + reach ≥ 0 holds once N × (1 + fee) ≤ basis + reach − 1
  const most = divide((pos.basis + reach - 1n) * RATE_SCALE, (RATE_SCALE + fee) * per, false);
  return most < 1n ? undefined : clamp(most);
}
