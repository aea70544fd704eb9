import { addTo } from '../state/ledger.js';
import type { State } from '../state/state.js';
import type { User } from '../state/user.js';
import type { Order } from '../state/order.js';
import { borrow, loanOf, poolFree } from './loans.js';

/**
 * A collateral order on a spot pair holds what it may pay, like a spot order: out of the account's
 * available balance first, and the rest is set aside in the lending pool (the pool's cash stays
 * there, promised to this order, until a fill borrows it). So every fill is paid with real money,
 * and nothing is borrowed (nor charged interest) before it is spent.
 */
export interface HoldPlan {
  readonly own: bigint;
  readonly pool: bigint;
}

/** How a hold of `amount` would be covered; undefined when the account and the pool cannot. */
export function planHold(state: State, user: User, ticker: string, amount: bigint): HoldPlan | undefined {
  const available = user.collateral.get(ticker) ?? 0n;
  const own = available < amount ? available : amount;
  const pool = amount - own;
  if (pool > 0n && pool > poolFree(state, ticker)) return undefined;
  return { own, pool };
}

export function applyHold(state: State, user: User, order: Order, ticker: string, plan: HoldPlan): void {
  if (plan.own > 0n) addTo(user.collateral, ticker, -plan.own);
  if (plan.pool > 0n) {
    state.collateral.poolHolds.set(order.id, plan.pool);
    addTo(state.collateral.poolReserved, ticker, plan.pool);
  }
  order.hold = plan.own + plan.pool;
}

/** Pays `amount` out of an order's hold: its own part first, then borrowed from what the pool set aside. */
export function payFromHold(state: State, order: Order, ticker: string, amount: bigint, time: number): void {
  const set = state.collateral.poolHolds.get(order.id) ?? 0n;
  const own = order.hold - set;
  order.hold -= amount;
  if (amount <= own) return;
  const borrowed = amount - own;
  if (borrowed === set) state.collateral.poolHolds.delete(order.id);
  else state.collateral.poolHolds.set(order.id, set - borrowed);
  addTo(state.collateral.poolReserved, ticker, -borrowed);
  const spec = state.markets.get(order.market);
  if (spec === undefined) throw new Error(`order ${order.id} on unknown market ${order.market}`);
  const loan = loanOf(state.collateral, order.user, order.market, time);
  borrow(state, spec, loan, ticker, borrowed, time);
}

/** Gives an order's own part back to the account and its pool part back to the pool. */
export function releaseCollateral(state: State, order: Order, ticker: string): void {
  const set = state.collateral.poolHolds.get(order.id) ?? 0n;
  const own = order.hold - set;
  if (own > 0n) {
    const user = state.users.get(order.user);
    if (user === undefined) throw new Error(`order ${order.id} of unknown user ${order.user}`);
    addTo(user.collateral, ticker, own);
  }
  if (set > 0n) {
    state.collateral.poolHolds.delete(order.id);
    addTo(state.collateral.poolReserved, ticker, -set);
  }
  order.hold = 0n;
}
