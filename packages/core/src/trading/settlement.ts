import { payFromHold, releaseCollateral } from '../collateral/holds.js';
import { addTo } from '../state/ledger.js';
import type { State } from '../state/state.js';
import { spotBalance, type SpotBalance, type User } from '../state/user.js';
import type { Order } from '../state/order.js';

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

/** The spot balance a spot order holds in: its own reference, found once (see Order.heldFunds). */
function heldFunds(state: State, order: Order, ticker: string): SpotBalance {
  return (order.heldFunds ??= spotBalance(userOf(state, order), ticker));
}

/** The spot balance a spot order receives into, made on its first fill as it always was (see Order.proceedsFunds). */
function proceedsFunds(state: State, order: Order, ticker: string): SpotBalance {
  return (order.proceedsFunds ??= spotBalance(userOf(state, order), ticker));
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
    case 'spot':
      heldFunds(state, order, moneyTicker).freeze -= cost;
      order.hold -= cost;
      proceedsFunds(state, order, stockTicker).available += stock;
      return;
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
    case 'spot':
      heldFunds(state, order, stockTicker).freeze -= stock;
      order.hold -= stock;
      proceedsFunds(state, order, moneyTicker).available += proceeds;
      return;
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
  order.heldFunds = funds;
}

/** Gives back what a spot order holds of `ticker` beyond `keep`, which it goes on holding. */
export function releaseBeyond(state: State, order: Order, ticker: string, keep: bigint): void {
  if (order.account !== 'spot' || order.hold <= keep) return;
  const surplus = order.hold - keep;
  const balance = heldFunds(state, order, ticker);
  balance.freeze -= surplus;
  balance.available += surplus;
  order.hold = keep;
}

/**
 * Gives back whatever a finishing order still holds. It drops its balance references too, so that
 * a finished order holds no caches: it looks the same however it was placed, restored or finished.
 */
export function release(state: State, order: Order, ticker: string): void {
  if (order.hold !== 0n) {
    switch (order.account) {
      case 'spot':
        releaseBeyond(state, order, ticker, 0n);
        break;
      case 'collateral':
        releaseCollateral(state, order, ticker);
        break;
    }
  }
  order.heldFunds = null;
  order.proceedsFunds = null;
}
