import { pow10 } from '../money/decimal.js';
import { RATE_SCALE } from '../money/rate.js';
import type { State } from '../state/state.js';
import type { Position } from '../state/collateral-state.js';
import { accountFigures, accountView, holdings, maintenanceOf, unitsFor, type AccountFigures } from './margin.js';
import { divide, markPrice, VALUE_DECIMALS } from './valuation.js';
import { indexTicks } from '../funding/mark-price.js';
import type { MarketSpec } from '../spec/market.js';
import { INDEX_PRICE_DECIMALS } from '../state/trading-state.js';

/**
 * Where liquidation stands: `liquidation` once equity is below the maintenance margin (what the
 * venue acts on), `margin_call` once it is below the initial margin, null otherwise.
 */
export type LiquidationState = 'margin_call' | 'liquidation' | null;

export function liquidationState(figures: AccountFigures): LiquidationState {
  if (figures.maintenance > 0n && figures.equity < figures.maintenance) return 'liquidation';
  if (figures.margin > 0n && figures.equity < figures.margin) return 'margin_call';
  return null;
}

/**
 * The price of a position's market at which the account's equity would meet its maintenance
 * margin, everything else held: the index of the market's stock moves every asset, spot pair and
 * perpetual valued on it at once. Equity moves by S (what the account is net long of the stock:
 * holdings less loans, plus perpetual sizes) per unit of index, the maintenance margin by
 * Σ |size| × rate of the positions on it, so the index solving equity = maintenance is
 * I* = I + (maintenance − equity) / (S − Σ |size| × rate). Answered as the market's price at that
 * point (a perpetual's mark keeps its distance from the index), in units of 10^-scale money per
 * stock unit; null when no price reaches it (or no index is known).
 */
export function liquidationPrice(state: State, user: string, pos: Position, scale: number, now: number): bigint | null {
  const spec = state.markets.get(pos.market);
  if (spec === undefined) return null;
  const stockIndex = state.trading.indexPrices.get(spec.stock);
  const moneyIndex = state.trading.indexPrices.get(spec.money);
  const precision = state.assets.get(spec.stock)?.precision;
  if (stockIndex === undefined || moneyIndex === undefined || precision === undefined) return null;
  const account = accountView(state, user);
  let net = holdings(state, user).get(spec.stock) ?? 0n;
  for (const loan of account.loans.values()) net -= loan.principal.get(spec.stock) ?? 0n;
  let weighted = 0n;
  for (const position of account.positions.values()) {
    const other = state.markets.get(position.market);
    if (other === undefined || other.stock !== spec.stock || position.size === 0) continue;
    const minor = BigInt(position.size) * unitsFor(state, other).lot;
    if (other.type === 'futures') net += minor;
    weighted += (minor < 0n ? -minor : minor) * maintenanceOf(account, other);
  }
  const slope = net * RATE_SCALE - weighted;
  if (slope === 0n) return null;
  const figures = accountFigures(state, user, now);
  // value = minor × index × c
  const c = pow10(VALUE_DECIMALS - INDEX_PRICE_DECIMALS - precision);
  const index = stockIndex + divide(RATE_SCALE * (figures.maintenance - figures.equity), c * slope, false);
  if (index <= 0n) return null;
  const price = divide(index * pow10(scale), moneyIndex, false) + markOffset(state, spec, scale);
  return price > 0n ? price : null;
}

/**
 * How far a perpetual's mark stands from its index (the book holding it off the index), at `scale`:
 * the engine acts on the mark, and the mark moves with the index by as much as the index moves.
 */
function markOffset(state: State, spec: MarketSpec, scale: number): bigint {
  if (spec.type !== 'futures') return 0n;
  const mark = markPrice(state, spec);
  const index = indexTicks(state, spec);
  if (mark === undefined || index === undefined) return 0n;
  const shift = pow10(scale - spec.moneyPrec);
  return divide(mark.num * shift, mark.den, false) - divide(index.num * shift, index.den, false);
}
