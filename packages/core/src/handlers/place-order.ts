import type { ApplyContext } from '../commands/context.js';
import type { PlaceOrder } from '../commands/order-commands.js';
import { reject, type Result } from '../commands/rejection.js';
import { placeCollateralOrder } from './place-collateral-order.js';
import type { State } from '../state/state.js';
import { execFor, feeRates, type Exec } from '../trading/exec-context.js';
import { maxFeeRate } from '../state/user-fees.js';
import { wouldCross } from '../trading/matching.js';
import { checkOrderShape, launch, orderOf } from '../trading/placement.js';
import { limitBuyHold, moneyBuyHold, stockUnits } from '../trading/fees.js';
import type { Order, OrderView } from '../state/order.js';
import { cancelByUser } from '../trading/oto.js';
import { fundsFor, reserve, type Funds } from '../trading/settlement.js';

/** What the order holds, or undefined when the account cannot cover it. */
function holdFor(exec: Exec, cmd: PlaceOrder, available: bigint): bigint | undefined {
  const units = exec.units;
  let hold: bigint;
  if (cmd.side === 'sell') hold = stockUnits(units, cmd.amount);
  else if (cmd.orderType === 'limit' || cmd.orderType === 'stop limit')
    hold = limitBuyHold(units, cmd.price, cmd.amount, maxFeeRate(feeRates(exec, cmd.user)));
  else if (cmd.orderType === 'stock market') {
    if (available === 0n) return undefined;
    hold = available;
  } else hold = moneyBuyHold(units, BigInt(cmd.amount), feeRates(exec, cmd.user).takerFee);
  return hold <= available ? hold : undefined;
}

/**
 * Places an order. `replacing` is an open spot order of the same user, market and side that the new
 * one replaces (ModifyOrder): its hold counts as available and its client id as free, and it is
 * cancelled only once the new order is known to be accepted, so a refusal leaves it as it was.
 */
export function placeOrder(state: State, cmd: PlaceOrder, ctx: ApplyContext, replacing?: Order): Result<OrderView> {
  const user = state.users.get(cmd.user);
  if (user === undefined) return reject('UNKNOWN_USER', { user: cmd.user });
  const exec = execFor(state, cmd.market, ctx);
  const spec = exec?.units.spec;
  if (exec === undefined || spec === undefined || !spec.tradesEnabled) {
    return reject('MARKET_NOT_AVAILABLE', { market: cmd.market });
  }
  if (cmd.account === 'collateral') return placeCollateralOrder(state, user, exec, cmd);
  if (cmd.account !== 'spot') return reject('ACCOUNT_NOT_AVAILABLE', { account: cmd.account });
  if (spec.type !== 'spot') return reject('MARKET_NOT_AVAILABLE', { market: cmd.market });

  const shape = checkOrderShape(state, exec, cmd, replacing?.id);
  if (!shape.ok) return shape;

  const byMoney = cmd.side === 'buy' && (cmd.orderType === 'market' || cmd.orderType === 'stop market');
  const heldTicker = cmd.side === 'buy' ? exec.money : exec.stock;
  const funds = fundsFor(user, heldTicker);
  const hold = holdFor(exec, cmd, (funds?.available ?? 0n) + (replacing?.hold ?? 0n));
  if (hold === undefined) return reject('NOT_ENOUGH_BALANCE');
  // a stop-limit's postOnly is checked against the book when it triggers (see runTriggered)
  if ((cmd.postOnly || cmd.rpi === true) && shape.value === null && wouldCross(exec.market, cmd.side, cmd.price)) {
    return reject('POST_ONLY_WOULD_TAKE');
  }

  if (replacing !== undefined) cancelByUser(exec, replacing);
  const order = orderOf(state, cmd, ctx.time, shape.value, {
    amount: cmd.amount,
    byMoney,
    positionSide: 'BOTH',
    reduceOnly: false,
    rpi: cmd.rpi ?? false,
    oto: null,
  });
  reserve(funds as Funds, order, hold);
  return launch(exec, order);
}
