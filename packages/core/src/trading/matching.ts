import { addTo } from '../state/ledger.js';
import type { Order } from '../state/order.js';
import { follows, RULES } from '../state/rules.js';
import type { MarketTrading } from '../state/trading-state.js';
import { exact, floorDivExact } from '../money/exact-number.js';
import { activateCollateral, collateralLots, collateralRunEnd } from './collateral-execution.js';
import { collateralFilled, perpFees } from './collateral-fill.js';
import type { Exec } from './exec-context.js';
import {
  affordableLots,
  buyFeePaid,
  buyNotionalPaid,
  ceilDiv,
  notional,
  notionalNumber,
  sellProceeds,
  sellProceedsNumber,
  stockUnits,
} from './fees.js';
import { finish } from './finish.js';
import { cancelByUser } from './oto.js';
import { settleBuy, settleSell } from './settlement.js';

/**
 * One fill of `lots` at the maker's price. On a spot pair the buyer pays its notional and fee with
 * cumulative rounding up, the seller receives its notional less fee rounded down, and the venue's
 * fee account takes the difference: fees plus rounding residue, so every asset is conserved exactly;
 * collateral orders settle the same assets in the collateral account. On a perpetual no asset changes
 * hands: each side pays its fee (see perpFees). Then collateral orders move their positions.
 */
function fill(x: Exec, taker: Order, maker: Order, lots: number): void {
  const u = x.units;
  const spec = u.spec;
  const price = maker.price;
  // the notional as an exact double where it fits, for the seller's side below (see money/exact-number)
  const nN = notionalNumber(u, price, lots);
  const n = exact(nN) ? BigInt(nN) : notional(u, price, lots);
  const takerBuys = taker.side === 'buy';
  const buy = takerBuys ? taker : maker;
  const sell = takerBuys ? maker : taker;
  let buyFee: bigint;
  let sellFee: bigint;
  if (x.perp) {
    const fees = perpFees(x, buy, sell, taker, n);
    buyFee = fees.buyFee;
    sellFee = fees.sellFee;
  } else {
    const buyRate = takerBuys ? spec.takerFee : spec.makerFee;
    const sellRate = takerBuys ? spec.makerFee : spec.takerFee;
    const f1 = buy.feeExact + n * buyRate;
    const paid = u.divN === 1 ? n : buyNotionalPaid(u, buy.dealNotional, buy.dealNotional + n);
    buyFee = buyFeePaid(u, buy.dealFee, f1);
    let cost = paid + buyFee;
    // The hold covers the fee rates of placement time; if the market's fees rose since, the venue
    // charges no more than the hold has left rather than dig into the buyer's other funds.
    if (cost > buy.hold) {
      buyFee = buy.hold - paid;
      cost = buy.hold;
    }
    // the seller's figures depend on this fill alone: in doubles when exact, one bigint each
    const proceedsN = sellProceedsNumber(nN, takerBuys ? u.makerKeeps : u.takerKeeps);
    const sellFeeN = floorDivExact(nN, u.divN) - proceedsN;
    let proceeds: bigint;
    if (exact(sellFeeN)) {
      proceeds = BigInt(proceedsN);
      sellFee = BigInt(sellFeeN);
    } else {
      proceeds = sellProceeds(u, n, sellRate);
      sellFee = (u.div === 1n ? n : n / u.div) - proceeds;
    }
    const stock = stockUnits(u, lots);
    const time = x.ctx.time;
    settleBuy(x.state, buy, x.money, x.stock, cost, stock, time);
    settleSell(x.state, sell, x.money, x.stock, stock, proceeds, time);
    addTo(x.state.ledger.fees, x.money, cost - proceeds);
    buy.feeExact = f1;
    buy.dealFee += buyFee;
    sell.dealFee += sellFee;
  }

  buy.dealNotional += n;
  buy.dealStock += lots;
  buy.status = 'PARTIALLY_FILLED';
  sell.status = 'PARTIALLY_FILLED';
  sell.dealNotional += n;
  sell.dealStock += lots;

  if (taker.byMoney)
    taker.left = taker.amount - Number(u.div === 1n ? taker.dealNotional : ceilDiv(taker.dealNotional, u.div));
  else taker.left -= lots;
  if (lots === maker.left) {
    x.mt.book.remove(maker);
    maker.left = 0;
  } else {
    x.mt.book.reduce(maker, lots);
  }

  const tradeId = x.trading.nextTradeId++;
  x.ctx.emit({
    type: 'TradeExecuted',
    market: spec.name,
    tradeId,
    price,
    lots,
    notional: n,
    takerSide: taker.side,
    time: x.ctx.time,
    maker,
    makerFee: takerBuys ? sellFee : buyFee,
    taker,
    takerFee: takerBuys ? buyFee : sellFee,
  });
  x.mt.lastPrice = price;
  // positions move before a filled maker leaves: its OTO legs arm on this fill
  if (buy.account !== 'spot' || sell.account !== 'spot') {
    collateralFilled(x, buy, sell, taker, lots, price, n, buyFee, sellFee, tradeId);
  }
  if (maker.left === 0) finish(x, maker, 'FILLED');
  if (x.mt.stops.size > 0 && x.mt.stops.wouldTrigger(price)) x.mt.stops.triggered(price, x.triggered);
}

/** How many lots the taker takes from `m` (0: it can take nothing more). */
function lotsToTake(x: Exec, t: Order, m: Order): number {
  if (t.byMoney) {
    // Spend at most `amount` on notional: the fee comes on top and is held separately.
    const room = BigInt(t.amount) * x.units.div - t.dealNotional;
    const most = room / (BigInt(m.price) * x.units.mul);
    return most < BigInt(m.left) ? Number(most) : m.left;
  }
  const want = t.left < m.left ? t.left : m.left;
  if (t.account === 'collateral') return collateralLots(x, t, m, want);
  // No price is known in advance: the order holds the whole balance and buys what it covers.
  if (t.side === 'buy' && t.type === 'stock market') return affordableLots(x.units, t, m.price, want);
  return want;
}

/** How a taker's pass over the book ended. */
export type TakeEnd = 'book' | 'budget' | 'stp';

/**
 * Matches an incoming order against the opposite side while it crosses. Self-trade prevention
 * follows the incoming order's mode: `cn` cancels the incoming order's remainder, `co` cancels the
 * resting order and goes on, `cb` cancels both.
 */
export function take(x: Exec, t: Order): TakeEnd {
  const book = x.mt.book;
  const opposite = t.side === 'buy' ? 'sell' : 'buy';
  const limited = t.type === 'limit' || t.type === 'stop limit';
  const buying = t.side === 'buy';
  while (t.left > 0) {
    const m = book.best(opposite);
    if (m === undefined) return 'book';
    if (limited && (buying ? m.price > t.price : m.price < t.price)) return 'book';
    if (m.user === t.user && t.stp !== 'no') {
      if (t.stp === 'cn') return 'stp';
      if (follows(x.state, RULES.lockedLeverage)) cancelByUser(x, m);
      else {
        book.remove(m);
        finish(x, m, 'CANCELLED');
      }
      if (t.stp === 'cb') return 'stp';
      continue;
    }
    const lots = lotsToTake(x, t, m);
    if (lots === 0) return 'budget';
    fill(x, t, m, lots);
  }
  return 'book';
}

/**
 * Runs an order that can execute now (a new order, or a stop just activated): takes what it can,
 * then rests what a limit order has left, or finishes it. Market orders end FILLED when they
 * executed all they could pay for, CANCELLED when liquidity or self-trade prevention cut them short.
 */
export function run(x: Exec, o: Order): void {
  const end = take(x, o);
  if (o.left === 0) {
    finish(x, o, 'FILLED');
    return;
  }
  const limited = o.type === 'limit' || o.type === 'stop limit';
  if (limited) {
    if (end === 'stp' || o.ioc) finish(x, o, 'CANCELLED');
    else if (o.account !== 'collateral' || collateralRunEnd(x, o)) x.mt.book.add(o);
    return;
  }
  finish(x, o, end === 'budget' && o.dealStock > 0 ? 'FILLED' : 'CANCELLED');
}

/**
 * Activates the stops this command set off, in the order they triggered; stops that their trades
 * set off queue behind them (see docs/decisions.md, "Stop cascades"). A stop cancelled while it
 * waited in the queue is passed over. A post-only stop-limit that would take liquidity once set off
 * is cancelled, as a post-only limit order placed at that moment would be refused.
 */
export function runTriggered(x: Exec): void {
  for (let i = 0; i < x.triggered.length; i++) {
    const s = x.triggered[i] as Order;
    if (s.finished !== null) continue;
    s.activated = x.ctx.time;
    x.ctx.emit({ type: 'StopActivated', market: s.market, user: s.user, orderId: s.id, time: x.ctx.time });
    if (s.postOnly && wouldCross(x.mt, s.side, s.price)) {
      finish(x, s, 'CANCELLED');
      continue;
    }
    if (s.account === 'collateral' && !activateCollateral(x, s)) continue;
    run(x, s);
  }
  // emptying an array that is already empty still calls into the runtime: most commands trigger nothing
  if (x.triggered.length !== 0) x.triggered.length = 0;
}

/** Whether a limit order would take liquidity now (what postOnly refuses). */
export function wouldCross(mt: MarketTrading, side: Order['side'], price: number): boolean {
  const best = mt.book.best(side === 'buy' ? 'sell' : 'buy');
  if (best === undefined) return false;
  return side === 'buy' ? best.price <= price : best.price >= price;
}
