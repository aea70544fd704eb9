import { addTo } from '../state/ledger.js';
import { feeRates, type Exec } from './exec-context.js';
import { buyFeePaid, notional } from './fees.js';
import type { Order } from '../state/order.js';
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
  if (buy.account === 'collateral') positionFilled(exec, buy, lots, price, tradeNotional, buyFee, taker, tradeId);
  if (sell.account === 'collateral') positionFilled(exec, sell, -lots, price, tradeNotional, sellFee, taker, tradeId);
}

/**
 * One side's fill moves its position by `delta` lots (negative: sold) at `price`. The change first
 * pays the interest its market's loan accrued; on a perpetual the fee and the realized PnL move the
 * account's money (on a spot pair the assets already moved). What the account now holds repays the
 * market's loan. A closed position leaves the account; an order across zero closes it and opens
 * the other way. Then the OTO legs of the order arm, and the position's closing orders are fitted.
 */
function positionFilled(
  exec: Exec,
  order: Order,
  delta: number,
  price: number,
  tradeNotional: bigint,
  fee: bigint,
  taker: Order,
  tradeId: number,
): void {
  const state = exec.state;
  const spec = exec.units.spec;
  const now = exec.ctx.time;
  const user = state.users.get(order.user);
  if (user === undefined) throw new Error(`order ${order.id} of unknown user ${order.user}`);
  const account = accountOf(state.collateral, order.user);
  const key = positionKey(spec.name, order.positionSide);
  const loan = account.loans.get(spec.name);
  const funding = loan === undefined ? 0n : payInterest(state, user, spec, loan, now);
  if (exec.perp && fee > 0n) takeOrBorrow(state, user, account, spec, fee, now);

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
    if (exec.perp && realized < 0n) takeOrBorrow(state, user, account, spec, -realized, now);
    if (old.size === 0) account.positions.delete(key);
  }
  if (rest > 0) {
    let pos = account.positions.get(key);
    if (pos === undefined) {
      pos = {
        id: state.collateral.nextPositionId++,
        market: spec.name,
        side: order.positionSide,
        size: 0,
        basis: 0n,
        realized: 0n,
        funding: 0n,
        fees: 0n,
        openedAt: now,
        modifiedAt: now,
      };
      account.positions.set(key, pos);
      notePositionOpened(state.collateral.accounts, order.user);
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
  if (order.oto !== null && order.oto.role === 'parent') armLegs(exec, order, Math.abs(delta));
  fitClosingOrders(exec, order.user, order.positionSide, taker);

  for (const change of changes) {
    change.pos.modifiedAt = now;
    exec.ctx.emit({
      type: 'PositionChanged',
      changeId: state.collateral.nextChangeId++,
      user: order.user,
      market: spec.name,
      positionId: change.pos.id,
      positionSide: change.pos.side,
      openedAt: change.pos.openedAt,
      time: now,
      size: change.pos.size,
      basis: change.pos.basis,
      realizedTotal: change.pos.realized,
      fundingTotal: change.pos.funding,
      orderId: order.id,
      tradeId,
      price,
      lots: change.lots,
      fee: change === first ? fee : 0n,
      funding: change === first ? funding : 0n,
      realized: change.realized,
    });
  }
}
