import type { AssetSpec, Command, FeeSpec, MarketSpec } from '@txc/core';

/**
 * Balances from the journal and the deal rows by plain arithmetic, without the engine: what the
 * engine's state must agree with if every journaled command was applied once and nothing else was,
 * and if the trades the live venue recorded (in the same transactions as the journal) are exactly
 * the ones replaying the journal produces.
 *
 * It folds what the crash traffic produces: assets and markets, users, deposits (with their network
 * fee), transfers, withdrawal requests (with their fee, pay or inclusive) and spot trades (notional
 * and fee rounding written out from the rules in docs/decisions.md: a buyer pays its order's
 * notional and fee rounded up over the whole order, a seller receives each fill's notional less fee
 * rounded down). Orders and cancels move funds between available and held, which the model does not
 * separate: it compares each spot balance's total. Anything else that changes balances (withdrawal
 * completion or cancellation, mining rewards, collateral trading) is refused loudly rather than
 * folded wrongly.
 */
export interface JournalModel {
  /** user → "account/ticker" → amount (spot: available + held). */
  readonly balances: Map<string, Map<string, bigint>>;
  /** The venue's fee account per ticker. */
  readonly fees: Map<string, bigint>;
  /** Debits of requested withdrawals per ticker. */
  readonly pendingWithdrawals: Map<string, bigint>;
  /** Every value each main balance took along the journal: "user|ticker" → values. */
  readonly mainHistory: Map<string, Set<bigint>>;
}

/** One side of a trade as the deals table holds it (integers of the market, fee in money minor units). */
export interface DealRow {
  readonly tradeId: number;
  /** 1 maker, 2 taker. */
  readonly role: number;
  readonly market: string;
  readonly user: string;
  readonly account: string;
  readonly orderId: number;
  readonly side: string;
  readonly price: bigint;
  readonly lots: bigint;
  readonly notional: bigint;
  readonly fee: bigint;
}

const RATE_SCALE = 10n ** 18n;

function ceilDiv(a: bigint, d: bigint): bigint {
  return (a + d - 1n) / d;
}

/** fixed + clamp(⌈amount × rate⌉, min, max): the asset network fee rule, written out again. */
function networkFee(fee: FeeSpec, amount: bigint): bigint {
  let total = fee.fixed ?? 0n;
  if (fee.flex !== null) {
    let flex = ceilDiv(amount * fee.flex.rate, RATE_SCALE);
    if (flex < fee.flex.min) flex = fee.flex.min;
    if (fee.flex.max > 0n && flex > fee.flex.max) flex = fee.flex.max;
    total += flex;
  }
  return total;
}

class Books {
  readonly balances = new Map<string, Map<string, bigint>>();
  readonly fees = new Map<string, bigint>();
  readonly pendingWithdrawals = new Map<string, bigint>();
  readonly mainHistory = new Map<string, Set<bigint>>();

  add(user: string, account: string, ticker: string, delta: bigint): void {
    let accounts = this.balances.get(user);
    if (accounts === undefined) this.balances.set(user, (accounts = new Map<string, bigint>()));
    const key = `${account}/${ticker}`;
    const value = (accounts.get(key) ?? 0n) + delta;
    accounts.set(key, value);
    if (account === 'main') {
      let seen = this.mainHistory.get(`${user}|${ticker}`);
      if (seen === undefined) this.mainHistory.set(`${user}|${ticker}`, (seen = new Set([0n])));
      seen.add(value);
    }
  }

  venue(account: Map<string, bigint>, ticker: string, delta: bigint): void {
    account.set(ticker, (account.get(ticker) ?? 0n) + delta);
  }
}

export function foldJournal(commands: readonly Command[], deals: readonly DealRow[]): JournalModel {
  const b = new Books();
  const assets = new Map<string, AssetSpec>();
  const markets = new Map<string, MarketSpec>();
  const network = (ticker: string, name: string | null): AssetSpec['networks'][number] | undefined => {
    const asset = assets.get(ticker);
    return asset?.networks.find((n) => n.name === (name ?? asset.defaultNetwork));
  };
  /** Codes created and not yet applied: a second application of one is an error of the journal. */
  const codes = new Map<string, { ticker: string; amount: bigint }>();
  for (const c of commands) {
    switch (c.type) {
      case 'DefineAsset':
        assets.set(c.asset.ticker, c.asset);
        break;
      case 'DefineMarket':
        markets.set(c.market.name, c.market);
        break;
      case 'CreditDeposit': {
        const n = c.network === null ? undefined : network(c.ticker, c.network);
        const fee = n === undefined ? 0n : networkFee(n.depositFee, c.amount);
        b.add(c.user, 'main', c.ticker, c.amount - fee);
        b.venue(b.fees, c.ticker, fee);
        break;
      }
      case 'Transfer':
        b.add(c.user, c.from, c.ticker, -c.amount);
        b.add(c.user, c.to, c.ticker, c.amount);
        break;
      case 'RequestWithdrawal': {
        const n = network(c.ticker, c.network);
        if (n === undefined) throw new Error(`model: withdrawal on unknown network ${c.ticker}/${String(c.network)}`);
        const fee = networkFee(n.withdrawFee, c.amount);
        const debit = c.feeMode === 'pay' ? c.amount + fee : c.amount;
        b.add(c.user, 'main', c.ticker, -debit);
        b.venue(b.pendingWithdrawals, c.ticker, debit);
        break;
      }
      case 'CreateCode':
        b.add(c.user, 'main', c.ticker, -c.amount);
        codes.set(c.code, { ticker: c.ticker, amount: c.amount });
        break;
      case 'ApplyCode': {
        const held = codes.get(c.code);
        if (held === undefined) throw new Error(`model: code ${c.code} applied before it was created`);
        codes.delete(c.code);
        b.add(c.user, 'main', held.ticker, held.amount);
        break;
      }
      case 'CreateUser':
      case 'AssignDepositAddress':
      case 'PlaceOrder':
      case 'CancelOrder':
      case 'CancelAllOrders':
      case 'SetIndexPrice':
      case 'CreateMiningAccount':
      case 'SetMiningPayoutDestination':
      case 'AdoptRules':
        break;
      default:
        throw new Error(`the journal model does not fold ${c.type}`);
    }
  }
  foldTrades(b, deals, assets, markets);
  return b;
}

interface BuyOrder {
  readonly user: string;
  readonly money: string;
  readonly perMinor: bigint;
  notional: bigint;
  feeExact: bigint;
  feesCharged: bigint;
}

function foldTrades(
  b: Books,
  deals: readonly DealRow[],
  assets: ReadonlyMap<string, AssetSpec>,
  markets: ReadonlyMap<string, MarketSpec>,
): void {
  const trades = new Map<string, DealRow[]>();
  for (const d of deals) {
    const key = `${d.market}|${d.tradeId}`;
    trades.set(key, [...(trades.get(key) ?? []), d]);
  }
  const buys = new Map<string, BuyOrder>();
  for (const [key, sides] of trades) {
    const buy = sides.find((s) => s.side === 'buy');
    const sell = sides.find((s) => s.side === 'sell');
    if (sides.length !== 2 || buy === undefined || sell === undefined || buy.role === sell.role) {
      throw new Error(`model: trade ${key} does not have one buyer and one seller`);
    }
    if (buy.account !== 'spot' || sell.account !== 'spot') throw new Error(`model: trade ${key} is not a spot trade`);
    const m = markets.get(buy.market);
    const money = m === undefined ? undefined : assets.get(m.money);
    const stock = m === undefined ? undefined : assets.get(m.stock);
    if (m === undefined || money === undefined || stock === undefined) throw new Error(`model: unknown market ${key}`);
    // price × amount is exact in 10^-(moneyPrec + stockPrec) money; the finer of that and the money minor unit.
    const scale = m.moneyPrec + m.stockPrec;
    const fine = Math.max(scale, money.precision);
    const notional = buy.price * buy.lots * 10n ** BigInt(fine - scale);
    const perMinor = 10n ** BigInt(fine - money.precision);
    for (const s of sides) {
      if (s.price !== buy.price || s.lots !== buy.lots || s.notional !== notional) {
        throw new Error(`model: trade ${key}: the rows disagree on price, amount or notional`);
      }
    }
    const rate = (row: DealRow): bigint => (row.role === 1 ? m.makerFee : m.takerFee);

    const stockUnits = buy.lots * 10n ** BigInt(stock.precision - m.stockPrec);
    b.add(buy.user, 'spot', m.stock, stockUnits);
    b.add(sell.user, 'spot', m.stock, -stockUnits);

    const sellRate = rate(sell);
    const proceeds = sellRate >= RATE_SCALE ? 0n : (notional * (RATE_SCALE - sellRate)) / (perMinor * RATE_SCALE);
    if (sell.fee !== notional / perMinor - proceeds) throw new Error(`model: trade ${key}: the seller's fee`);
    b.add(sell.user, 'spot', m.money, proceeds);
    b.venue(b.fees, m.money, -proceeds);

    const orderKey = `${buy.market}|${buy.orderId}`;
    let order = buys.get(orderKey);
    if (order === undefined) {
      order = { user: buy.user, money: m.money, perMinor, notional: 0n, feeExact: 0n, feesCharged: 0n };
      buys.set(orderKey, order);
    }
    order.notional += notional;
    order.feeExact += notional * rate(buy);
    order.feesCharged += buy.fee;
  }
  for (const [key, o] of buys) {
    const fee = ceilDiv(o.feeExact, o.perMinor * RATE_SCALE);
    if (o.feesCharged !== fee) throw new Error(`model: buy order ${key} was charged ${o.feesCharged}, not ${fee}`);
    const paid = ceilDiv(o.notional, o.perMinor) + fee;
    b.add(o.user, 'spot', o.money, -paid);
    b.venue(b.fees, o.money, paid);
  }
}
