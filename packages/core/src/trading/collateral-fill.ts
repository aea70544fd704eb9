import { addTo } from '../state/ledger.js';
import { feeRates, type Exec } from './exec-context.js';
import { buyFeePaid, notional } from './fees.js';
import type { Order, PositionSide } from '../state/order.js';
import { accountOf, positionKey, type CollateralAccount, type Position } from '../state/collateral-state.js';
import type { User } from '../state/user.js';
import { fitClosingOrders } from './closing-orders.js';
import { dropIfSettled, payInterest, repayFromAvailable, takeOrBorrow } from '../collateral/loans.js';
import { armLegs } from './oto.js';
import { notePositionOpened } from '../collateral/position-holders.js';
import { increase, reduce } from '../collateral/position-math.js';

/**
 * The fees of a perpetual fill: each side pays its rate on the notional, rounded up cumulatively
 * over its order (after each fill an order has paid exactly ⌈Σ notional × rate⌉), into the fee
 * account. The accounts pay them in `collateralFilled`.
 */
export function perpFees(
  exec: Exec,
  buy: Order,
  sell: Order,
  taker: Order,
  tradeNotional: bigint,
): { buyFee: bigint; sellFee: bigint } {
  const buyRates = feeRates(exec, buy.user);
  const sellRates = feeRates(exec, sell.user);
  const buyFee = chargeFee(exec, buy, tradeNotional, buy === taker ? buyRates.takerFee : buyRates.makerFee);
  const sellFee = chargeFee(exec, sell, tradeNotional, sell === taker ? sellRates.takerFee : sellRates.makerFee);
  addTo(exec.state.ledger.fees, exec.money, buyFee + sellFee);
  return { buyFee, sellFee };
}

function chargeFee(exec: Exec, order: Order, tradeNotional: bigint, rate: bigint): bigint {
  const feeExact = order.feeExact + tradeNotional * rate;
  const fee = buyFeePaid(exec.units, order.dealFee, feeExact);
  order.feeExact = feeExact;
  order.dealFee += fee;
  return fee;
}

interface Change {
  readonly pos: Position;
  readonly lots: number;
  readonly realized: bigint;
}

/** Both sides of a fill that trade for collateral accounts move their positions. */
export function collateralFilled(
  exec: Exec,
  buy: Order,
  sell: Order,
  taker: Order,
  lots: number,
  price: number,
  tradeNotional: bigint,
  buyFee: bigint,
  sellFee: bigint,
  tradeId: number,
): void {
  if (buy.account === 'collateral') {
    const cause: MoveCause = { orderId: buy.id, tradeId, order: buy, skip: taker, deleveraged: false };
    movePosition(exec, buy.user, buy.positionSide, lots, price, tradeNotional, buyFee, cause);
  }
  if (sell.account === 'collateral') {
    const cause: MoveCause = { orderId: sell.id, tradeId, order: sell, skip: taker, deleveraged: false };
    movePosition(exec, sell.user, sell.positionSide, -lots, price, tradeNotional, sellFee, cause);
  }
}

/** What moved a position: a fill of an order (its OTO legs arm), or auto-deleveraging (no order). */
export interface MoveCause {
  readonly orderId: number;
  readonly tradeId: number;
  /** The order that filled; null for auto-deleveraging. */
  readonly order: Order | null;
  /** The order executing now, left to its own run when closing orders are fitted. */
  readonly skip: Order | null;
  readonly deleveraged: boolean;
}

/**
 * One side's position moves by `delta` lots (negative: sold) at `price`. The change first pays the
 * interest its market's loan accrued; on a perpetual the fee and the realized PnL move the account's
 * money (on a spot pair the assets already moved). What the account now holds repays the market's
 * loan. A closed position leaves the account; an order across zero closes it and opens the other
 * way. Then the OTO legs of the order arm, and the position's closing orders are fitted.
 */
export function movePosition(
  exec: Exec,
  owner: string,
  positionSide: PositionSide,
  delta: number,
  price: number,
  tradeNotional: bigint,
  fee: bigint,
  cause: MoveCause,
): void {
  const state = exec.state;
  const spec = exec.units.spec;
  const now = exec.ctx.time;
  const user = state.users.get(owner);
  if (user === undefined) throw new Error(`position of unknown user ${owner}`);
  const account = accountOf(state.collateral, owner);
  const loan = account.loans.get(spec.name);
  const funding = loan === undefined ? 0n : payInterest(state, user, spec, loan, now);
  if (exec.perp && fee > 0n) takeOrBorrow(state, user, spec, fee, now);

  const changes = applyDelta(exec, user, account, owner, positionSide, delta, price, tradeNotional);
  const first = changes[0] as Change;
  first.pos.funding += funding;
  first.pos.fees += fee;

  const current = account.loans.get(spec.name);
  if (current !== undefined) {
    repayFromAvailable(state, user, spec, current, now);
    dropIfSettled(account, spec.name);
  }
  const order = cause.order;
  if (order !== null && order.oto !== null && order.oto.role === 'parent') armLegs(exec, order, Math.abs(delta));
  fitClosingOrders(exec, owner, positionSide, cause.skip);
  emitPositionChanges(exec, owner, changes, price, fee, funding, cause);
}

/**
 * The position on `positionSide` moves by `delta` lots: what runs against it closes first, the
 * rest opens or grows it. One change per position touched, the closed one first.
 */
function applyDelta(
  exec: Exec,
  user: User,
  account: CollateralAccount,
  owner: string,
  positionSide: PositionSide,
  delta: number,
  price: number,
  tradeNotional: bigint,
): Change[] {
  const key = positionKey(exec.units.spec.name, positionSide);
  const changes: Change[] = [];
  let rest = Math.abs(delta);
  let restNotional = tradeNotional;
  const old = account.positions.get(key);
  if (old !== undefined && old.size !== 0 && old.size > 0 !== delta > 0) {
    const closing = Math.min(rest, Math.abs(old.size));
    const closeNotional = closing === rest ? tradeNotional : notional(exec.units, price, closing);
    changes.push(reducePosition(exec, user, old, delta > 0 ? closing : -closing, closeNotional));
    rest -= closing;
    restNotional -= closeNotional;
    if (old.size === 0) account.positions.delete(key);
  }
  if (rest > 0) {
    const pos = positionToGrow(exec, account, key, owner, positionSide);
    increase(pos, delta > 0 ? rest : -rest, restNotional);
    changes.push({ pos, lots: delta > 0 ? rest : -rest, realized: 0n });
  }
  return changes;
}

/** `lots` (signed, against its size) close part of `pos`; on a perpetual the realized PnL moves the account's money. */
function reducePosition(exec: Exec, user: User, pos: Position, lots: number, closeNotional: bigint): Change {
  const realized = reduce(pos, Math.abs(lots), closeNotional);
  if (exec.perp && realized > 0n) addTo(user.collateral, exec.units.spec.money, realized);
  if (exec.perp && realized < 0n) takeOrBorrow(exec.state, user, exec.units.spec, -realized, exec.ctx.time);
  return { pos, lots, realized };
}

/** The open position under `key`, or a new empty one the account now holds. */
function positionToGrow(
  exec: Exec,
  account: CollateralAccount,
  key: string,
  owner: string,
  positionSide: PositionSide,
): Position {
  const existing = account.positions.get(key);
  if (existing !== undefined) return existing;
  const state = exec.state;
  const now = exec.ctx.time;
  const pos: Position = {
    id: state.collateral.nextPositionId++,
    market: exec.units.spec.name,
    side: positionSide,
    size: 0,
    basis: 0n,
    realized: 0n,
    funding: 0n,
    fees: 0n,
    openedAt: now,
    modifiedAt: now,
  };
  account.positions.set(key, pos);
  notePositionOpened(state.collateral.accounts, owner);
  return pos;
}

/** One PositionChanged per change; the first carries the fee and the interest or funding paid. */
function emitPositionChanges(
  exec: Exec,
  owner: string,
  changes: readonly Change[],
  price: number,
  fee: bigint,
  funding: bigint,
  cause: MoveCause,
): void {
  const now = exec.ctx.time;
  const first = changes[0];
  for (const change of changes) {
    change.pos.modifiedAt = now;
    exec.ctx.emit({
      type: 'PositionChanged',
      changeId: exec.state.collateral.nextChangeId++,
      user: owner,
      market: exec.units.spec.name,
      positionId: change.pos.id,
      positionSide: change.pos.side,
      openedAt: change.pos.openedAt,
      time: now,
      size: change.pos.size,
      basis: change.pos.basis,
      realizedTotal: change.pos.realized,
      fundingTotal: change.pos.funding,
      orderId: cause.orderId,
      tradeId: cause.tradeId,
      price,
      lots: change.lots,
      fee: change === first ? fee : 0n,
      funding: change === first ? funding : 0n,
      realized: change.realized,
      ...(cause.deleveraged ? { source: 'adl' as const } : {}),
    });
  }
}
