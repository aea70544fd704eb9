import { ok, reject, type Result } from '../commands/rejection.js';
import type { PlaceOrder } from '../commands/order-commands.js';
import { checkOrderShape, launch, orderOf } from '../trading/placement.js';
import { RATE_SCALE } from '../money/rate.js';
import type { MarketSpec, Price } from '../spec/market.js';
import type { State } from '../state/state.js';
import type { User } from '../state/user.js';
import { feeRates, type Exec } from '../trading/exec-context.js';
import { maxFeeRate } from '../state/user-fees.js';
import { wouldCross } from '../trading/matching.js';
import { limitBuyHold } from '../trading/fees.js';
import type { OrderView, OtoLink, PositionSide } from '../state/order.js';
import { openOrdersOf } from '../state/trading-state.js';
import { walkBook, type Walk } from '../trading/book-walk.js';
import { positionKey, type CollateralAccount } from '../state/collateral-state.js';
import { closable } from '../trading/closing-orders.js';
import { applyHold, planHold, type HoldPlan } from '../collateral/holds.js';
import { withinBrackets } from '../collateral/brackets.js';
import { accountFigures, accountView, closes, type OrderIntent } from '../collateral/margin.js';
import { createGroup } from '../trading/oto.js';
import { assetValue, divide, lotsValue, markPrice, ticks } from '../collateral/valuation.js';

/** The position side an order trades: LONG/SHORT in hedge mode on perpetuals, BOTH otherwise (reference 114). */
function positionSideOf(account: CollateralAccount, spec: MarketSpec, cmd: PlaceOrder): PositionSide | undefined {
  const side = cmd.positionSide ?? 'BOTH';
  const hedge = account.hedgeMode && spec.type === 'futures';
  if (hedge ? side === 'BOTH' : side !== 'BOTH') return undefined;
  return side;
}

/** Stop-loss and take-profit on the right side of the order's price: buy SL < price < TP, sell the reverse. */
function checkOto(cmd: PlaceOrder, reference: number): Result<null> {
  if (cmd.stopLoss === undefined && cmd.takeProfit === undefined) return ok(null);
  if (cmd.reduceOnly === true || cmd.orderType === 'stock market') return reject('OTO_NOT_ALLOWED');
  const buy = cmd.side === 'buy';
  const stopLoss = cmd.stopLoss?.ticks;
  const takeProfit = cmd.takeProfit?.ticks;
  if (stopLoss !== undefined && (buy ? stopLoss >= reference : stopLoss <= reference))
    return reject('OTO_PRICE_WRONG', { field: 'stopLoss' });
  if (takeProfit !== undefined && (buy ? takeProfit <= reference : takeProfit >= reference))
    return reject('OTO_PRICE_WRONG', { field: 'takeProfit' });
  return ok(null);
}

/** Lots of open orders that would close the same position on the same side, not reduce-only. */
function openClosing(state: State, cmd: PlaceOrder, side: PositionSide): number {
  let lots = 0;
  for (const order of openOrdersOf(state.trading, cmd.user)) {
    if (
      order.account === 'collateral' &&
      order.market === cmd.market &&
      order.positionSide === side &&
      order.side === cmd.side &&
      !order.reduceOnly
    ) {
      lots += order.left;
    }
  }
  return lots;
}

/**
 * Places a collateral order (reference §6.1): on a margin spot pair it trades on the spot book and
 * holds real money (its own, then set aside in the lending pool); on a perpetual it holds nothing
 * but margin. Refusals in order: the market's terms and marks, the order's shape (RPI included),
 * position side (114), OTO prices, reduce-only (116, an oversize one is cut to its position), a flip
 * of a one-way position or a hedge-mode close beyond its position (115), the bracket (111), the free
 * margin (10), post-only, and on a spot pair the funds of its hold (10).
 */
export function placeCollateralOrder(state: State, user: User, exec: Exec, cmd: PlaceOrder): Result<OrderView> {
  const spec = exec.units.spec;
  if (!spec.isCollateral || spec.margin === undefined) return reject('MARKET_NOT_AVAILABLE', { market: cmd.market });
  const shape = checkOrderShape(state, exec, cmd);
  if (!shape.ok) return shape;
  const condition = shape.value;
  const stop = condition !== null;
  const rpi = cmd.rpi ?? false;
  const mark = markPrice(state, spec);
  if (mark === undefined || assetValue(state, spec.money, 1n) === undefined) {
    return reject('INDEX_PRICE_MISSING', { market: cmd.market });
  }

  const view = accountView(state, cmd.user);
  const positionSide = positionSideOf(view, spec, cmd);
  if (positionSide === undefined) return reject('POSITION_SIDE_MISMATCH');
  const otoCheck = checkOto(cmd, cmd.orderType === 'stop market' ? cmd.activationPrice : cmd.price);
  if (!otoCheck.ok) return otoCheck;

  const size = view.positions.get(positionKey(spec.name, positionSide))?.size ?? 0;
  const reduceOnly = cmd.reduceOnly ?? false;
  const allowed = allowedAmount(state, cmd, positionSide, size);
  if (!allowed.ok) return allowed;
  const amount = allowed.value;

  // a market order is counted at what it would take from the book now
  const walk = cmd.orderType === 'stock market' ? walkBook(exec, cmd.side, amount, cmd.user, cmd.stp) : undefined;
  if (!closes({ reduceOnly, positionSide, side: cmd.side })) {
    const margin = checkMargin(state, exec, cmd, view, { positionSide, amount, walk });
    if (!margin.ok) return margin;
  }
  // a stop-limit's postOnly is checked against the book when it triggers (see runTriggered)
  if ((cmd.postOnly || rpi) && !stop && wouldCross(exec.market, cmd.side, cmd.price))
    return reject('POST_ONLY_WOULD_TAKE');

  // a spot pair's order (not a trigger order: those are funded when they trigger) holds its funds now
  const hold = exec.perp || stop ? null : spotHold(state, user, exec, cmd, amount, walk);
  if (hold === undefined) return reject('NOT_ENOUGH_BALANCE');

  const oto = otoGroupOf(state, cmd);
  const order = orderOf(state, cmd, exec.ctx.time, condition, {
    amount,
    byMoney: false,
    positionSide,
    reduceOnly,
    rpi,
    oto,
  });
  if (hold !== null) applyHold(state, user, order, hold.ticker, hold.plan);
  if (oto !== null) createGroup(exec, order, oto);
  return launch(exec, order);
}

/**
 * The lots the order may trade: a reduce-only order is cut to what closes its position (none:
 * refused, 116); any other order that closes may not, with the open closing orders, go beyond its
 * position (115).
 */
function allowedAmount(state: State, cmd: PlaceOrder, positionSide: PositionSide, size: number): Result<number> {
  if (cmd.reduceOnly ?? false) {
    const room = closable(size, cmd.side);
    if (room === 0) return reject('REDUCE_ONLY_NO_POSITION');
    return ok(cmd.amount > room ? room : cmd.amount);
  }
  const hedgeClose = closes({ reduceOnly: false, positionSide, side: cmd.side });
  const reducing = hedgeClose || closable(size, cmd.side) > 0;
  if (reducing && openClosing(state, cmd, positionSide) + cmd.amount > Math.abs(size))
    return reject('WOULD_FLIP_POSITION');
  return ok(cmd.amount);
}

/** What the order would trade: its side, its lots and, for a market order, its walk of the book. */
interface Trade {
  readonly positionSide: PositionSide;
  readonly amount: number;
  readonly walk: Walk | undefined;
}

/**
 * An order that opens or grows a position stays within its bracket (111) and the free margin, its
 * taker fee included (10). A market order that would take nothing is not checked.
 */
function checkMargin(state: State, exec: Exec, cmd: PlaceOrder, view: CollateralAccount, trade: Trade): Result<null> {
  const spec = exec.units.spec;
  const walk = trade.walk;
  const price: Price | undefined =
    walk === undefined
      ? ticks(cmd.orderType === 'stop market' ? cmd.activationPrice : cmd.price)
      : walk.lots === 0
        ? undefined
        : { num: walk.tickLots, den: BigInt(walk.lots) };
  if (price === undefined) return ok(null);
  const lots = walk?.lots ?? trade.amount;
  const intent: OrderIntent = { spec, positionSide: trade.positionSide, side: cmd.side, lots, price };
  if (!withinBrackets(state, cmd.user, view, intent)) return reject('POSITION_TOO_BIG');
  const now = exec.ctx.time;
  const before = accountFigures(state, cmd.user, now);
  const after = accountFigures(state, cmd.user, now, { intent });
  const value = lotsValue(state, spec, BigInt(intent.lots), price, true) ?? 0n;
  const fee = divide(value * feeRates(exec, cmd.user).takerFee, RATE_SCALE, true);
  if (after.margin + fee > after.equity && after.margin > before.margin) return reject('NOT_ENOUGH_BALANCE');
  return ok(null);
}

/** Funds a spot pair's order sets aside, and where they come from. */
interface SpotHold {
  readonly ticker: string;
  readonly plan: HoldPlan;
}

/**
 * What a spot pair's order holds: a sell its lots of stock, a limit buy its notional and fee at the
 * highest rate it may pay, a market buy what its walk costs. Undefined when the funds fall short.
 */
function spotHold(
  state: State,
  user: User,
  exec: Exec,
  cmd: PlaceOrder,
  amount: number,
  walk: Walk | undefined,
): SpotHold | undefined {
  const ticker = cmd.side === 'buy' ? exec.money : exec.stock;
  const units = exec.units;
  const limited = cmd.orderType === 'limit' || cmd.orderType === 'stop limit';
  const need =
    cmd.side === 'sell'
      ? BigInt(amount) * units.lot
      : limited
        ? limitBuyHold(units, cmd.price, amount, maxFeeRate(feeRates(exec, cmd.user)))
        : (walk?.hold ?? 0n);
  const plan = planHold(state, user, ticker, need);
  return plan === undefined ? undefined : { ticker, plan };
}

/** The OTO group the order heads when it carries a stop-loss or take-profit; null otherwise. */
function otoGroupOf(state: State, cmd: PlaceOrder): OtoLink | null {
  if (cmd.stopLoss === undefined && cmd.takeProfit === undefined) return null;
  return {
    id: state.collateral.nextOtoId++,
    role: 'parent',
    stopLoss: cmd.stopLoss ?? null,
    takeProfit: cmd.takeProfit ?? null,
  };
}
