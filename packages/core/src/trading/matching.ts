import { addTo } from '../state/ledger.js';
import type { Order } from '../state/order.js';
import { follows, RULES } from '../state/rules.js';
import { maxFeeRate } from '../state/user-fees.js';
import type { MarketTrading } from '../state/trading-state.js';
import { exact, floorDivExact } from '../money/exact-number.js';
import { activateCollateral, collateralLots, collateralRunEnd } from './collateral-execution.js';
import { collateralFilled, perpFees } from './collateral-fill.js';
import { feeRates, type Exec } from './exec-context.js';
import {
  affordableLots,
  buyFeePaid,
  buyNotionalPaid,
  ceilDiv,
  limitBuyHold,
  notional,
  notionalNumber,
  sellProceeds,
  sellProceedsNumber,
  stockUnits,
} from './fees.js';
import { endOcoGroup, finish } from './finish.js';
import { cancelByUser, legExecuted } from './oto.js';
import { releaseBeyond, settleBuy, settleSell } from './settlement.js';

/**
 * One fill of `lots` at the maker's price. On a spot pair the buyer pays its notional and fee with
 * cumulative rounding up, the seller receives its notional less fee rounded down, and the venue's
 * fee account takes the difference: fees plus rounding residue, so every asset is conserved exactly;
 * collateral orders settle the same assets in the collateral account. On a perpetual no asset changes
 * hands: each side pays its fee (see perpFees). Then collateral orders move their positions.
 */
function fill(exec: Exec, taker: Order, maker: Order, lots: number): void {
  const price = maker.price;
  // the notional as an exact double where it fits, for the seller's side below (see money/exact-number)
  const notionalAsNumber = notionalNumber(exec.units, price, lots);
  const tradeNotional = exact(notionalAsNumber) ? BigInt(notionalAsNumber) : notional(exec.units, price, lots);
  const takerBuys = taker.side === 'buy';
  const buy = takerBuys ? taker : maker;
  const sell = takerBuys ? maker : taker;
  let buyFee: bigint;
  let sellFee: bigint;
  if (exec.perp) {
    const fees = perpFees(exec, buy, sell, taker, tradeNotional);
    buyFee = fees.buyFee;
    sellFee = fees.sellFee;
  } else {
    settleSpotFill(exec, buy, sell, takerBuys, lots, tradeNotional, notionalAsNumber);
    buyFee = spotFill.buyFee;
    sellFee = spotFill.sellFee;
  }
  addDeal(buy, sell, lots, tradeNotional);
  takeFromBook(exec, taker, maker, lots);
  const tradeId = emitTrade(exec, taker, maker, lots, tradeNotional, buyFee, sellFee);
  exec.market.lastPrice = price;
  // positions move before a filled maker leaves: its OTO legs arm on this fill
  if (buy.account !== 'spot' || sell.account !== 'spot') {
    collateralFilled(exec, buy, sell, taker, lots, price, tradeNotional, buyFee, sellFee, tradeId);
  }
  // an OCO leg that trades, even in part, takes its other leg out
  if (exec.state.ocos.size !== 0) {
    endOcoGroup(exec, maker);
    endOcoGroup(exec, taker);
  }
  if (maker.left === 0) finish(exec, maker, 'FILLED');
  if (exec.market.stops.size > 0 && exec.market.stops.wouldTrigger(price))
    exec.market.stops.triggered(price, exec.triggered, exec.armed);
}

/**
 * The figures of the spot fill in progress, for fill to read back. Several figures come out of one
 * step, and a fill is the engine's hot path: one record reused instead of one allocated per fill.
 * Commands apply one at a time and fill reads it right after the step that wrote it.
 */
const spotFill = { buyFee: 0n, sellFee: 0n, proceeds: 0n };

/** A spot fill moves the assets: the buyer pays notional and fee, the seller receives proceeds. */
function settleSpotFill(
  exec: Exec,
  buy: Order,
  sell: Order,
  takerBuys: boolean,
  lots: number,
  tradeNotional: bigint,
  notionalAsNumber: number,
): void {
  const units = exec.units;
  // each side at its owner's rate: the market's, unless the user has rates of their own
  const buyRates = feeRates(exec, buy.user);
  const sellRates = feeRates(exec, sell.user);
  const buyRate = takerBuys ? buyRates.takerFee : buyRates.makerFee;
  const sellRate = takerBuys ? sellRates.makerFee : sellRates.takerFee;
  const buyFeeExact = buy.feeExact + tradeNotional * buyRate;
  const paid =
    units.divN === 1 ? tradeNotional : buyNotionalPaid(units, buy.dealNotional, buy.dealNotional + tradeNotional);
  let buyFee = buyFeePaid(units, buy.dealFee, buyFeeExact);
  let cost = paid + buyFee;
  // The hold covers the fee rates of placement time; if the buyer's rates rose since, the venue
  // charges no more than the hold has left rather than dig into the buyer's other funds.
  if (cost > buy.hold) {
    buyFee = buy.hold - paid;
    cost = buy.hold;
  }
  sellerFigures(exec, takerBuys, sellRate, tradeNotional, notionalAsNumber);
  const proceeds = spotFill.proceeds;
  const stock = stockUnits(units, lots);
  const time = exec.ctx.time;
  settleBuy(exec.state, buy, exec.money, exec.stock, cost, stock, time);
  settleSell(exec.state, sell, exec.money, exec.stock, stock, proceeds, time);
  addTo(exec.state.ledger.fees, exec.money, cost - proceeds);
  buy.feeExact = buyFeeExact;
  buy.dealFee += buyFee;
  sell.dealFee += spotFill.sellFee;
  spotFill.buyFee = buyFee;
}

/**
 * The seller's proceeds and fee, into spotFill. They depend on this fill alone: in doubles when
 * exact (at the market's own rate, whose factors are ready), one bigint each otherwise.
 */
function sellerFigures(
  exec: Exec,
  takerBuys: boolean,
  sellRate: bigint,
  tradeNotional: bigint,
  notionalAsNumber: number,
): void {
  const units = exec.units;
  const marketRate = sellRate === (takerBuys ? units.spec.makerFee : units.spec.takerFee);
  const proceedsAsNumber = marketRate
    ? sellProceedsNumber(notionalAsNumber, takerBuys ? units.makerKeeps : units.takerKeeps)
    : NaN;
  const sellFeeAsNumber = floorDivExact(notionalAsNumber, units.divN) - proceedsAsNumber;
  if (exact(sellFeeAsNumber)) {
    spotFill.proceeds = BigInt(proceedsAsNumber);
    spotFill.sellFee = BigInt(sellFeeAsNumber);
  } else {
    spotFill.proceeds = sellProceeds(units, tradeNotional, sellRate);
    spotFill.sellFee = (units.div === 1n ? tradeNotional : tradeNotional / units.div) - spotFill.proceeds;
  }
}

/** Both orders count the fill in what they have dealt. */
function addDeal(buy: Order, sell: Order, lots: number, tradeNotional: bigint): void {
  buy.dealNotional += tradeNotional;
  buy.dealStock += lots;
  buy.status = 'PARTIALLY_FILLED';
  sell.status = 'PARTIALLY_FILLED';
  sell.dealNotional += tradeNotional;
  sell.dealStock += lots;
}

/** The taker has that much less left to do; the maker leaves the book or rests smaller. */
function takeFromBook(exec: Exec, taker: Order, maker: Order, lots: number): void {
  const units = exec.units;
  if (taker.byMoney)
    taker.left = taker.amount - Number(units.div === 1n ? taker.dealNotional : ceilDiv(taker.dealNotional, units.div));
  else taker.left -= lots;
  if (lots === maker.left) {
    exec.market.book.remove(maker);
    maker.left = 0;
  } else {
    exec.market.book.reduce(maker, lots);
  }
}

/** The trade, under the market's next trade id (returned), at the maker's price. */
function emitTrade(
  exec: Exec,
  taker: Order,
  maker: Order,
  lots: number,
  tradeNotional: bigint,
  buyFee: bigint,
  sellFee: bigint,
): number {
  const tradeId = exec.trading.nextTradeId++;
  const takerBuys = taker.side === 'buy';
  exec.ctx.emit({
    type: 'TradeExecuted',
    market: exec.units.spec.name,
    tradeId,
    price: maker.price,
    lots,
    notional: tradeNotional,
    takerSide: taker.side,
    time: exec.ctx.time,
    maker,
    makerFee: takerBuys ? sellFee : buyFee,
    taker,
    takerFee: takerBuys ? buyFee : sellFee,
  });
  return tradeId;
}

/** How many lots the taker takes from `maker` (0: it can take nothing more). */
function lotsToTake(exec: Exec, taker: Order, maker: Order): number {
  if (taker.byMoney) {
    // Spend at most `amount` on notional: the fee comes on top and is held separately.
    const room = BigInt(taker.amount) * exec.units.div - taker.dealNotional;
    const most = room / (BigInt(maker.price) * exec.units.mul);
    return most < BigInt(maker.left) ? Number(most) : maker.left;
  }
  const want = taker.left < maker.left ? taker.left : maker.left;
  if (taker.account === 'collateral') return collateralLots(exec, taker, maker, want);
  // No price is known in advance: the order holds the whole balance and buys what it covers.
  if (taker.side === 'buy' && taker.type === 'stock market')
    return affordableLots(exec.units, taker, maker.price, want, feeRates(exec, taker.user).takerFee);
  return want;
}

/** How a taker's pass over the book ended. */
export type TakeEnd = 'book' | 'budget' | 'stp';

/**
 * Matches an incoming order against the opposite side while it crosses. Self-trade prevention
 * follows the incoming order's mode: `cn` cancels the incoming order's remainder, `co` cancels the
 * resting order and goes on, `cb` cancels both.
 */
export function take(exec: Exec, taker: Order): TakeEnd {
  const book = exec.market.book;
  const opposite = taker.side === 'buy' ? 'sell' : 'buy';
  const limited = taker.type === 'limit' || taker.type === 'stop limit';
  const buying = taker.side === 'buy';
  while (taker.left > 0) {
    const maker = book.best(opposite);
    if (maker === undefined) return 'book';
    if (limited && (buying ? maker.price > taker.price : maker.price < taker.price)) return 'book';
    if (maker.user === taker.user && taker.stp !== 'no') {
      if (taker.stp === 'cn') return 'stp';
      if (follows(exec.state, RULES.lockedLeverage)) cancelByUser(exec, maker, 'stp');
      else {
        book.remove(maker);
        finish(exec, maker, 'CANCELLED', 'stp');
      }
      if (taker.stp === 'cb') return 'stp';
      continue;
    }
    const lots = lotsToTake(exec, taker, maker);
    if (lots === 0) return 'budget';
    fill(exec, taker, maker, lots);
  }
  return 'book';
}

/**
 * Runs an order that can execute now (a new order, or a stop just activated): takes what it can,
 * then rests what a limit order has left, or finishes it. Market orders end FILLED when they
 * executed all they could pay for, CANCELLED when liquidity or self-trade prevention cut them short.
 */
export function run(exec: Exec, order: Order): void {
  const end = take(exec, order);
  if (order.left === 0) {
    finish(exec, order, 'FILLED');
    return;
  }
  const limited = order.type === 'limit' || order.type === 'stop limit';
  const reason = end === 'stp' ? 'stp' : null;
  if (limited) {
    if (end === 'stp' || order.ioc) finish(exec, order, 'CANCELLED', reason);
    else if (order.account !== 'collateral' || collateralRunEnd(exec, order)) rest(exec, order);
    return;
  }
  finish(exec, order, end === 'budget' && order.dealStock > 0 ? 'FILLED' : 'CANCELLED', reason);
}

/**
 * Puts an order that has run into the book. A spot limit buy that traded as it arrived keeps
 * holding only what its remainder needs at its own price and the larger fee: what it saved on
 * better prices or a lower fee is its owner's to use again now, not once the order ends. Its hold
 * was made in this same command, at the rates used here; a stop-limit set off now held at the rates
 * of its placement, which may have changed since (and may change back), so it keeps its hold.
 */
function rest(exec: Exec, order: Order): void {
  if (
    order.side === 'buy' &&
    order.type === 'limit' &&
    order.dealStock > 0 &&
    order.account === 'spot' &&
    follows(exec.state, RULES.restingBuyHoldTrimmed)
  ) {
    const needed = limitBuyHold(exec.units, order.price, order.left, maxFeeRate(feeRates(exec, order.user)));
    releaseBeyond(exec.state, order, exec.money, needed);
  }
  exec.market.book.add(order);
}

/**
 * Activates the stops this command set off, in the order they triggered; stops that their trades
 * set off queue behind them (see docs/decisions.md, "Stop cascades"). A stop cancelled while it
 * waited in the queue is passed over. A post-only stop-limit that would take liquidity once set off
 * is cancelled, as a post-only limit order placed at that moment would be refused.
 */
export function runTriggered(exec: Exec): void {
  for (let i = 0; i < exec.triggered.length; i++) {
    const stop = exec.triggered[i] as Order;
    if (stop.finished !== null) continue;
    if (exec.state.ocos.size !== 0) endOcoGroup(exec, stop);
    stop.activated = exec.ctx.time;
    exec.ctx.emit({
      type: 'StopActivated',
      market: stop.market,
      user: stop.user,
      orderId: stop.id,
      time: exec.ctx.time,
    });
    if (stop.postOnly && wouldCross(exec.market, stop.side, stop.price)) {
      finish(exec, stop, 'CANCELLED');
      continue;
    }
    if (stop.account === 'collateral' && !activateCollateral(exec, stop)) continue;
    run(exec, stop);
    if (stop.oto !== null && follows(exec.state, RULES.siblingOutlivesShortLeg)) legExecuted(exec, stop);
  }
  // emptying an array that is already empty still calls into the runtime: most commands trigger nothing
  if (exec.triggered.length !== 0) exec.triggered.length = 0;
}

/** Whether a limit order would take liquidity now (what postOnly refuses). */
export function wouldCross(market: MarketTrading, side: Order['side'], price: number): boolean {
  const best = market.book.best(side === 'buy' ? 'sell' : 'buy');
  if (best === undefined) return false;
  return side === 'buy' ? best.price <= price : best.price >= price;
}
