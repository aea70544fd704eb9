import { maintenanceRate, type MarketSpec, type Price } from '../spec/market.js';
import { RATE_SCALE } from '../money/rate.js';
import type { State } from '../state/state.js';
import { marketUnits, type MarketUnits } from '../spec/market-units.js';
import type { Order, OrderSide, PositionSide } from '../state/order.js';
import { openOrdersOf } from '../state/trading-state.js';
import { DEFAULT_LEVERAGE, positionKey, type CollateralAccount, type Position } from '../state/collateral-state.js';
import { interestAt, interestValue } from './loans.js';
import { follows, RULES } from '../state/rules.js';
import { unrealized } from './position-math.js';
import { assetValue, divide, fineValue, lotsValue, markPrice, ticks } from './valuation.js';

/**
 * The figures of a collateral account, as values (10^-VALUE_DECIMALS USDT):
 *  - equity: every asset held (available or held by open orders) at its index price, less what is
 *    owed (loans and their accrued interest), plus the unrealized PnL of perpetual positions (a spot
 *    pair's position is already in the assets it holds);
 *  - margin: the initial margin of positions and open orders (see `exposures`);
 *  - maintenance: each position's notional at the mark price × its market's maintenance rate;
 *  - pnl: the unrealized PnL of every position at the mark price.
 */
export interface AccountFigures {
  readonly equity: bigint;
  readonly margin: bigint;
  readonly maintenance: bigint;
  readonly pnl: bigint;
  readonly interest: bigint;
}

/** An order not placed yet, counted as if it rested (placement checks). */
export interface OrderIntent {
  readonly spec: MarketSpec;
  readonly positionSide: PositionSide;
  readonly side: OrderSide;
  readonly lots: number;
  readonly price: Price;
}

/** What an account would hold long and short on one market and position side if every open order filled. */
export interface Exposure {
  readonly spec: MarketSpec;
  long: bigint;
  short: bigint;
}

/** The settings of an account that never traded collateral: read, never written. */
export const EMPTY_ACCOUNT: CollateralAccount = Object.freeze({
  leverage: DEFAULT_LEVERAGE,
  hedgeMode: false,
  positions: new Map(),
  loans: new Map(),
});

export function accountView(state: State, user: string): CollateralAccount {
  return state.collateral.accounts.get(user) ?? EMPTY_ACCOUNT;
}

export function unitsFor(state: State, spec: MarketSpec): MarketUnits {
  return marketUnits(
    spec,
    state.assets.get(spec.money)?.precision ?? 0,
    state.assets.get(spec.stock)?.precision ?? spec.stockPrec,
  );
}

/** The leverage an account trades a market at: its own, clamped to the market's maximum. */
export function effectiveLeverage(account: CollateralAccount, spec: MarketSpec): number {
  const max = spec.margin?.maxLeverage ?? 1;
  return account.leverage < max ? account.leverage : max;
}

/** The maintenance rate of an account's positions on a market, at its effective leverage there. */
export function maintenanceOf(account: CollateralAccount, spec: MarketSpec): bigint {
  return spec.margin === undefined ? 0n : maintenanceRate(spec.margin, effectiveLeverage(account, spec));
}

/** Whether an order can only shrink its position: reduce-only, or a hedge-mode close. */
export function closes(order: {
  readonly reduceOnly: boolean;
  readonly positionSide: PositionSide;
  readonly side: OrderSide;
}): boolean {
  return (
    order.reduceOnly ||
    (order.positionSide === 'LONG' ? order.side === 'sell' : order.positionSide === 'SHORT' && order.side === 'buy')
  );
}

/** The price an open order is counted at: its limit, or a stop-market's activation price. */
function orderPrice(order: Order): number {
  return order.type === 'stop market' ? order.activationPrice : order.price;
}

/**
 * The price an OCO group's limit leg is counted at: only one leg executes, so a group counts once,
 * at the dearer of its legs' prices; its stop leg is not counted (undefined). Other orders: theirs.
 */
function ocoPrice(state: State, order: Order): number | undefined {
  const group = state.ocos.get(order.id);
  if (group === undefined) return orderPrice(order);
  if (order.id === group.stopId) return undefined;
  const stop = state.trading.orders.get(group.stopId);
  return stop !== undefined && stop.price > order.price ? stop.price : order.price;
}

/** A position's notional at the mark price (rounded as asked); undefined without a mark. */
export function positionValue(state: State, spec: MarketSpec, pos: Position, up: boolean): bigint | undefined {
  const mark = markPrice(state, spec);
  if (mark === undefined) return undefined;
  return lotsValue(state, spec, BigInt(Math.abs(pos.size)), mark, up);
}

/** A position's unrealized PnL at the mark price, rounded down. */
export function positionPnl(state: State, spec: MarketSpec, pos: Position): bigint {
  const value = positionValue(state, spec, pos, pos.size < 0);
  if (value === undefined) return 0n;
  const units = unitsFor(state, spec);
  const basis = fineValue(state, spec, units.fineScale, pos.basis, pos.size > 0) ?? 0n;
  return unrealized({ ...pos, basis }, value);
}

/**
 * Exposures per (market, position side): a position counts on its side at the mark price, each open
 * order that can grow a position (not reduce-only, not a hedge-mode close) on its side at its price.
 * The initial margin of a group is its larger side over the effective leverage: orders that would
 * close the position need nothing more, and a position is never margined twice.
 */
export function exposures(
  state: State,
  user: string,
  account: CollateralAccount,
  intent?: OrderIntent,
): Map<string, Exposure> {
  const out = new Map<string, Exposure>();
  const group = (spec: MarketSpec, side: PositionSide): Exposure => {
    const key = positionKey(spec.name, side);
    let exposure = out.get(key);
    if (exposure === undefined) {
      exposure = { spec, long: 0n, short: 0n };
      out.set(key, exposure);
    }
    return exposure;
  };
  for (const pos of account.positions.values()) {
    const spec = state.markets.get(pos.market);
    if (spec === undefined || pos.size === 0) continue;
    const value = positionValue(state, spec, pos, true) ?? 0n;
    const exposure = group(spec, pos.side);
    if (pos.size > 0) exposure.long += value;
    else exposure.short += value;
  }
  const add = (spec: MarketSpec, side: PositionSide, orderSide: OrderSide, lots: number, price: Price): void => {
    const value = lotsValue(state, spec, BigInt(lots), price, true) ?? 0n;
    const exposure = group(spec, side);
    if (orderSide === 'buy') exposure.long += value;
    else exposure.short += value;
  };
  for (const order of openOrdersOf(state.trading, user)) {
    if (order.account !== 'collateral' || closes(order)) continue;
    const spec = state.markets.get(order.market);
    const price = state.ocos.size === 0 ? orderPrice(order) : ocoPrice(state, order);
    if (spec !== undefined && price !== undefined) add(spec, order.positionSide, order.side, order.left, ticks(price));
  }
  if (intent !== undefined) add(intent.spec, intent.positionSide, intent.side, intent.lots, intent.price);
  return out;
}

export function groupMargin(account: CollateralAccount, exposure: Exposure): bigint {
  const larger = exposure.long > exposure.short ? exposure.long : exposure.short;
  return divide(larger, BigInt(effectiveLeverage(account, exposure.spec)), true);
}

/** What the account holds of each asset: available plus its own part of open orders' holds. */
export function holdings(state: State, user: string): Map<string, bigint> {
  const out = new Map<string, bigint>(state.users.get(user)?.collateral ?? []);
  for (const order of openOrdersOf(state.trading, user)) {
    if (order.account !== 'collateral' || order.hold === 0n) continue;
    const spec = state.markets.get(order.market);
    if (spec === undefined) continue;
    const ticker = order.side === 'buy' ? spec.money : spec.stock;
    const own = order.hold - (state.collateral.poolHolds.get(order.id) ?? 0n);
    out.set(ticker, (out.get(ticker) ?? 0n) + own);
  }
  return out;
}

/** Whether an account holds a position on a market, on any side. */
function holdsPosition(account: CollateralAccount, market: string): boolean {
  for (const pos of account.positions.values()) if (pos.market === market && pos.size !== 0) return true;
  return false;
}

/** The figures now; `intent` counts an order not placed yet, `account` other settings (a new leverage). */
export function accountFigures(
  state: State,
  user: string,
  now: number,
  options: { intent?: OrderIntent; account?: CollateralAccount } = {},
): AccountFigures {
  const account = options.account ?? accountView(state, user);
  const intent = options.intent;
  let equity = 0n;
  for (const [ticker, amount] of holdings(state, user)) equity += assetValue(state, ticker, amount) ?? 0n;
  let interest = 0n;
  let maintenance = 0n;
  const debtsMargined = follows(state, RULES.debtsLiquidated);
  for (const [market, loan] of account.loans) {
    const spec = state.markets.get(market);
    if (spec === undefined) continue;
    const accrued = interestValue(interestAt(state, spec, loan, now));
    interest += accrued;
    let owed = accrued;
    for (const [ticker, principal] of loan.principal) owed += assetValue(state, ticker, principal) ?? 0n;
    equity -= owed;
    // a loan its positions left behind is still risk: margined at its market's rate on what is owed
    if (debtsMargined && !holdsPosition(account, market))
      maintenance += divide(owed * maintenanceOf(account, spec), RATE_SCALE, true);
  }
  let pnl = 0n;
  for (const pos of account.positions.values()) {
    const spec = state.markets.get(pos.market);
    if (spec === undefined || pos.size === 0) continue;
    const unrealizedPnl = positionPnl(state, spec, pos);
    pnl += unrealizedPnl;
    if (spec.type === 'futures') equity += unrealizedPnl;
    const value = positionValue(state, spec, pos, true) ?? 0n;
    maintenance += divide(value * maintenanceOf(account, spec), RATE_SCALE, true);
  }
  let margin = 0n;
  for (const exposure of exposures(state, user, account, intent).values()) margin += groupMargin(account, exposure);
  return { equity, margin, maintenance, pnl, interest };
}
