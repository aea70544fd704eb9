import { payFromHold, releaseCollateral } from '../collateral/holds.js';
import { addTo } from '../state/ledger.js';
import type { State } from '../state/state.js';
import { spotBalance, type SpotBalance, type User } from '../state/user.js';
import type { Order } from './order.js';

/**
 * Where a fill's funds move, by the account the order trades for. Spot orders pay out of their
 * hold in the spot account and receive into its available balance. Collateral orders on a spot
 * pair pay out of their hold in the collateral account (borrowing from the lending pool the part
 * the pool set aside for them) and receive into its available balance.
 */
function userOf(state: State, order: Order): User {
  const user = state.users.get(order.user);
  if (user === undefined) throw new Error(`order ${order.id} of unknown user ${order.user}`);
  return user;
}

/** The buying order pays `cost` money (notional and fee) out of its hold and receives `stock`. */
export function settleBuy(
  state: State,
  order: Order,
  moneyTicker: string,
  stockTicker: string,
  cost: bigint,
  stock: bigint,
  time: number,
): void {
  switch (order.account) {
    case 'spot': {
      const user = userOf(state, order);
      spotBalance(user, moneyTicker).freeze -= cost;
      order.hold -= cost;
      spotBalance(user, stockTicker).available += stock;
      return;
    }
    case 'collateral':
      payFromHold(state, order, moneyTicker, cost, time);
      addTo(userOf(state, order).collateral, stockTicker, stock);
      return;
  }
}

/** The selling order delivers `stock` out of its hold and receives `proceeds` money (after fee). */
export function settleSell(
  state: State,
  order: Order,
  moneyTicker: string,
  stockTicker: string,
  stock: bigint,
  proceeds: bigint,
  time: number,
): void {
  switch (order.account) {
    case 'spot': {
      const user = userOf(state, order);
      spotBalance(user, stockTicker).freeze -= stock;
      order.hold -= stock;
      spotBalance(user, moneyTicker).available += proceeds;
      return;
    }
    case 'collateral':
      payFromHold(state, order, stockTicker, stock, time);
      addTo(userOf(state, order).collateral, moneyTicker, proceeds);
      return;
  }
}

/**
 * Where a spot order's hold sits: an available balance and what orders hold of it. Collateral
 * orders hold through the collateral account and the lending pool (see collateral/holds).
 */
export type Funds = SpotBalance;

/** The spot funds an order would hold `ticker` in; undefined when there are none (nothing is created). */
export function fundsFor(user: User, ticker: string): Funds | undefined {
  return user.spot.get(ticker);
}

/** Moves `amount` from available into the new order's hold. */
export function reserve(funds: Funds, order: Order, amount: bigint): void {
  funds.available -= amount;
  funds.freeze += amount;
  order.hold = amount;
}

/** Gives back whatever the order still holds. */
export function release(state: State, order: Order, ticker: string): void {
  if (order.hold === 0n) return;
  switch (order.account) {
    case 'spot': {
      const b = spotBalance(userOf(state, order), ticker);
      b.freeze -= order.hold;
      b.available += order.hold;
      order.hold = 0n;
      return;
    }
    case 'collateral':
      releaseCollateral(state, order, ticker);
      return;
  }
}
