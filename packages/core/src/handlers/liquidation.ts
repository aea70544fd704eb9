import type { ApplyContext } from '../commands/context.js';
import type { InsuranceMove } from '../events/funding-events.js';
import { cancelByUser } from '../trading/oto.js';
import { spotLimitOrder, stockMarketOrder, type PlaceOrder } from '../commands/order-commands.js';
import { placeOrder } from './place-order.js';
import { RATE_SCALE } from '../money/rate.js';
import type { MarketSpec } from '../spec/market.js';
import { addTo } from '../state/ledger.js';
import { follows, RULES } from '../state/rules.js';
import type { State } from '../state/state.js';
import type { User } from '../state/user.js';
import { execFor } from '../trading/exec-context.js';
import { openOrdersOf } from '../state/trading-state.js';
import type { CollateralAccount, Position } from '../state/collateral-state.js';
import { dropIfSettled, payInterest } from '../collateral/loans.js';
import { settleDebts } from '../collateral/debt-settlement.js';
import { bankruptcyPrice, worstClosePrice } from '../collateral/bankruptcy.js';
import { deleverage } from '../trading/deleveraging.js';
import { accountFigures, maintenanceOf, positionValue } from '../collateral/margin.js';
import { assetValue, divide } from '../collateral/valuation.js';

/** A position's maintenance margin now, as a value: what the clearance fee of its liquidation may take. */
function maintenanceValue(state: State, account: CollateralAccount, spec: MarketSpec, pos: Position): bigint {
  return divide((positionValue(state, spec, pos, true) ?? 0n) * maintenanceOf(account, spec), RATE_SCALE, true);
}

/**
 * Closes a liquidated perpetual position (rules version 3): into the book, with a reduce-only IOC
 * order at the worst price the insurance fund can pay for (collateral/bankruptcy), and what the book
 * cannot take there against the opposite positions at its bankruptcy price (trading/deleveraging).
 * A halted market closes nothing. Returns whether anything was closed.
 */
function closePerpetual(state: State, name: string, spec: MarketSpec, pos: Position, ctx: ApplyContext): boolean {
  const exec = execFor(state, spec.name, ctx);
  if (exec === undefined || !spec.tradesEnabled) return false;
  let acted = false;
  const fund = state.ledger.insuranceFund.get(spec.money) ?? 0n;
  const worst = worstClosePrice(state, name, spec, pos, fund, ctx.time);
  const selling = pos.size > 0;
  const best = exec.market.book.best(selling ? 'buy' : 'sell');
  if (worst !== undefined && best !== undefined && (selling ? best.price >= worst : best.price <= worst)) {
    const close = spotLimitOrder(name, pos.market, selling ? 'sell' : 'buy', worst, Math.abs(pos.size), {
      account: 'collateral',
      positionSide: pos.side,
      reduceOnly: true,
      ioc: true,
    });
    if (placeOrder(state, close, ctx).ok) acted = true;
  }
  if (pos.size === 0) return acted;
  const price = bankruptcyPrice(state, name, spec, pos, ctx.time);
  if (price !== undefined && deleverage(exec, name, pos, price) > 0) acted = true;
  return acted;
}

/** A reduce-only market order closing a whole position: what a liquidation sends to the book. */
function closeAtMarket(user: string, pos: Position): PlaceOrder {
  return stockMarketOrder(user, pos.market, pos.size > 0 ? 'sell' : 'buy', Math.abs(pos.size), {
    account: 'collateral',
    positionSide: pos.side,
    reduceOnly: true,
  });
}

/**
 * The insurance fund pays the account's debts to the lending pool up to `shortfall` (a value): asset
 * by asset, loan by loan in market order, each part rounded up so that the account ends at zero
 * equity or just above it, never below.
 */
function coverShortfall(
  state: State,
  user: User,
  account: CollateralAccount,
  shortfall: bigint,
  now: number,
  moves: Map<string, bigint>,
): void {
  let left = shortfall;
  for (const market of [...account.loans.keys()].sort()) {
    const loan = account.loans.get(market);
    const spec = state.markets.get(market);
    if (loan === undefined || spec === undefined) continue;
    payInterest(state, user, spec, loan, now);
    for (const ticker of [...loan.principal.keys()].sort()) {
      const principal = loan.principal.get(ticker) ?? 0n;
      const unit = assetValue(state, ticker, 1n);
      if (left <= 0n || principal <= 0n || unit === undefined || unit === 0n) continue;
      const need = divide(left, unit, true);
      const paid = need < principal ? need : principal;
      if (paid === principal) loan.principal.delete(ticker);
      else loan.principal.set(ticker, principal - paid);
      addTo(state.ledger.lendingPool, ticker, paid);
      addTo(state.ledger.insuranceFund, ticker, -paid);
      moves.set(ticker, (moves.get(ticker) ?? 0n) - paid);
      left -= paid * unit;
    }
    dropIfSettled(account, market);
  }
}

/**
 * The clearance fee of a completed liquidation: from what the account still owns, each liquidated
 * position's maintenance margin goes to the insurance fund, in its market's money asset, as far as
 * the account's equity and that asset's balance reach.
 */
function collectClearance(
  state: State,
  user: User,
  equity: bigint,
  fees: readonly { spec: MarketSpec; value: bigint }[],
  moves: Map<string, bigint>,
): void {
  let left = equity;
  for (const { spec, value } of fees) {
    const unit = assetValue(state, spec.money, 1n);
    if (left <= 0n || unit === undefined || unit === 0n) break;
    const want = divide(value < left ? value : left, unit, false);
    const available = user.collateral.get(spec.money) ?? 0n;
    const fee = want < available ? want : available;
    if (fee <= 0n) continue;
    addTo(user.collateral, spec.money, -fee);
    addTo(state.ledger.insuranceFund, spec.money, fee);
    moves.set(spec.money, (moves.get(spec.money) ?? 0n) + fee);
    left -= fee * unit;
  }
}

/**
 * Liquidates an account below its maintenance margin: its collateral orders are cancelled, then each
 * position is closed by a reduce-only market order, in position order — from rules version 3 a
 * perpetual's by `closePerpetual`, auto-deleveraging what the book and the insurance fund cannot
 * absorb. Once none is left, a negative equity (shortfall) is absorbed by the insurance fund and a
 * positive one pays it the clearance fee; from version 3 the account's debts are settled first
 * (collateral/debt-settlement), the fund paying only what it holds, and an account owing the pool
 * with no position is liquidated too. A position that cannot be closed stays open and is tried again
 * at the next check. Returns whether anything changed: from rules version 2 a liquidation that
 * cancelled nothing and whose every close was refused leaves no trace, not even its event.
 */
export function liquidate(state: State, name: string, account: CollateralAccount, ctx: ApplyContext): boolean {
  const user = state.users.get(name);
  if (user === undefined) return false;
  const positions = [...account.positions.values()].sort((a, b) => a.id - b.id);
  const fees: { spec: MarketSpec; value: bigint }[] = [];
  let acted = false;
  for (const pos of positions) {
    const spec = state.markets.get(pos.market);
    if (spec !== undefined) fees.push({ spec, value: maintenanceValue(state, account, spec, pos) });
  }
  for (const order of openOrdersOf(state.trading, name)) {
    // an OTO parent cancelled earlier in the loop took its legs with it
    if (order.account !== 'collateral' || order.finished !== null) continue;
    const exec = execFor(state, order.market, ctx);
    if (exec !== undefined) {
      cancelByUser(exec, order, 'liquidation');
      acted = true;
    }
  }
  const deleveraging = follows(state, RULES.autoDeleveraging);
  for (const pos of positions) {
    const spec = state.markets.get(pos.market);
    if (deleveraging && spec?.type === 'futures') {
      if (closePerpetual(state, name, spec, pos, ctx)) acted = true;
    } else if (placeOrder(state, closeAtMarket(name, pos), ctx).ok) acted = true;
  }

  const complete = account.positions.size === 0;
  // a close the book refused (a halted market, a close the account cannot fund) changed nothing
  if (!acted && !complete && follows(state, RULES.lockedLeverage)) return false;
  const moves = new Map<string, bigint>();
  if (complete && follows(state, RULES.debtsLiquidated)) {
    settleDebts(state, user, account, ctx.time, moves);
    collectClearance(state, user, accountFigures(state, name, ctx.time).equity, fees, moves);
  } else if (complete) {
    const { equity } = accountFigures(state, name, ctx.time);
    if (equity < 0n) coverShortfall(state, user, account, -equity, ctx.time, moves);
    else collectClearance(state, user, equity, fees, moves);
  }
  const insurance: InsuranceMove[] = [...moves]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([ticker, amount]) => ({ ticker, amount }));
  ctx.emit({
    type: 'AccountLiquidated',
    user: name,
    positionIds: positions.map((position) => position.id),
    complete,
    insurance,
    time: ctx.time,
  });
  return true;
}
