import { addTo } from '../state/ledger.js';
import type { Exec } from './exec-context.js';
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
  x: Exec,
  buy: Order,
  sell: Order,
  taker: Order,
  n: bigint,
): { buyFee: bigint; sellFee: bigint } {
  const spec = x.units.spec;
  const buyFee = chargeFee(x, buy, n, buy === taker ? spec.takerFee : spec.makerFee);
  const sellFee = chargeFee(x, sell, n, sell === taker ? spec.takerFee : spec.makerFee);
  addTo(x.state.ledger.fees, x.money, buyFee + sellFee);
  return { buyFee, sellFee };
}

function chargeFee(x: Exec, o: Order, n: bigint, rate: bigint): bigint {
  const f1 = o.feeExact + n * rate;
  const fee = buyFeePaid(x.units, o.dealFee, f1);
  o.feeExact = f1;
  o.dealFee += fee;
  return fee;
}

interface Change {
  readonly pos: Position;
  readonly lots: number;
  readonly realized: bigint;
}

/** Both sides of a fill that trade for collateral accounts move their positions. */
export function collateralFilled(
  x: Exec,
  buy: Order,
  sell: Order,
  taker: Order,
  lots: number,
  price: number,
  n: bigint,
  buyFee: bigint,
  sellFee: bigint,
  tradeId: number,
): void {
  if (buy.account === 'collateral') positionFilled(x, buy, lots, price, n, buyFee, taker, tradeId);
  if (sell.account === 'collateral') positionFilled(x, sell, -lots, price, n, sellFee, taker, tradeId);
}

/**
 * One side's fill moves its position by `delta` lots (negative: sold) at `price`. The change first
 * pays the interest its market's loan accrued; on a perpetual the fee and the realized PnL move the
 * account's money (on a spot pair the assets already moved). What the account now holds repays the
 * market's loan. A closed position leaves the account; an order across zero closes it and opens
 * the other way. Then the OTO legs of the order arm, and the position's closing orders are fitted.
 */
function positionFilled(
  x: Exec,
  o: Order,
  delta: number,
  price: number,
  n: bigint,
  fee: bigint,
  taker: Order,
  tradeId: number,
): void {
  const state = x.state;
  const spec = x.units.spec;
  const now = x.ctx.time;
  const user = state.users.get(o.user);
  if (user === undefined) throw new Error(`order ${o.id} of unknown user ${o.user}`);
  const account = accountOf(state.collateral, o.user);
  const key = positionKey(spec.name, o.positionSide);
  const loan = account.loans.get(spec.name);
  const funding = loan === undefined ? 0n : payInterest(state, user, spec, loan, now);
  if (x.perp && fee > 0n) takeOrBorrow(state, user, account, spec, fee, now);

  const changes: Change[] = [];
  let rest = Math.abs(delta);
  let restNotional = n;
  const old = account.positions.get(key);
  if (old !== undefined && old.size !== 0 && old.size > 0 !== delta > 0) {
    const closing = Math.min(rest, Math.abs(old.size));
    const closeNotional = closing === rest ? n : notional(x.units, price, closing);
    const realized = reduce(old, closing, closeNotional);
    changes.push({ pos: old, lots: delta > 0 ? closing : -closing, realized });
    rest -= closing;
    restNotional -= closeNotional;
    if (x.perp && realized > 0n) addTo(user.collateral, spec.money, realized);
    if (x.perp && realized < 0n) takeOrBorrow(state, user, account, spec, -realized, now);
    if (old.size === 0) account.positions.delete(key);
  }
  if (rest > 0) {
    let pos = account.positions.get(key);
    if (pos === undefined) {
      pos = {
        id: state.collateral.nextPositionId++,
        market: spec.name,
        side: o.positionSide,
        size: 0,
        basis: 0n,
        realized: 0n,
        funding: 0n,
        fees: 0n,
        openedAt: now,
        modifiedAt: now,
      };
      account.positions.set(key, pos);
      notePositionOpened(state.collateral.accounts, o.user);
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
  if (o.oto !== null && o.oto.role === 'parent') armLegs(x, o, Math.abs(delta));
  fitClosingOrders(x, o.user, o.positionSide, taker);

  for (const c of changes) {
    c.pos.modifiedAt = now;
    x.ctx.emit({
      type: 'PositionChanged',
      changeId: state.collateral.nextChangeId++,
      user: o.user,
      market: spec.name,
      positionId: c.pos.id,
      positionSide: c.pos.side,
      openedAt: c.pos.openedAt,
      time: now,
      size: c.pos.size,
      basis: c.pos.basis,
      realizedTotal: c.pos.realized,
      fundingTotal: c.pos.funding,
      orderId: o.id,
      tradeId,
      price,
      lots: c.lots,
      fee: c === first ? fee : 0n,
      funding: c === first ? funding : 0n,
      realized: c.realized,
    });
  }
}
