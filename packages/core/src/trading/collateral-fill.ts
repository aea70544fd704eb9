import { addTo } from '../state/ledger.js';
import { feeRates, type Exec } from './exec-context.js';
import { buyFeePaid, notional } from './fees.js';
import type { Order, PositionSide } from '../state/order.js';
import { accountOf, positionKey, type Position } from '../state/collateral-state.js';
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
  const key = positionKey(spec.name, positionSide);
  const loan = account.loans.get(spec.name);
  const funding = loan === undefined ? 0n : payInterest(state, user, spec, loan, now);
  if (exec.perp && fee > 0n) takeOrBorrow(state, user, spec, fee, now);

  const changes: Change[] = [];
  let rest = Math.abs(delta);
  let restNotional = tradeNotional;
  const old = account.positions.get(key);
  if (old !== undefined && old.size !== 0 && old.size > 0 !== delta > 0) {
    const closing = Math.min(rest, Math.abs(old.size));
    const closeNotional = closing === rest ? tradeNotional : notional(exec.units, price, closing);
    const realized = reduce(old, closing, closeNotional);
    changes.push({ pos: old, lots: delta > 0 ? closing : -closing, realized });
    rest -= closing;
    restNotional -= closeNotional;
    if (exec.perp && realized > 0n) addTo(user.collateral, spec.money, realized);
    if (exec.perp && realized < 0n) takeOrBorrow(state, user, spec, -realized, now);
    if (old.size === 0) account.positions.delete(key);
  }
  if (rest > 0) {
    let pos = account.positions.get(key);
    if (pos === undefined) {
      pos = {
        id: state.collateral.nextPositionId++,
        market: spec.name,
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
    }
    increase(pos, delta > 0 ? rest : -rest, restNotional);
    changes.push({ pos, lots: delta > 0 ? rest : -rest, realized: 0n });
  }
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

  for (const change of changes) {
    change.pos.modifiedAt = now;
    exec.ctx.emit({
      type: 'PositionChanged',
      changeId: state.collateral.nextChangeId++,
      user: owner,
      market: spec.name,
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
