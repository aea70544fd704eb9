import assert from 'node:assert/strict';
import {
  collateralBreaches,
  conservationBreaches,
  crossedBooks,
  negativeBalances,
  INDEX_PRICE_DECIMALS,
  parseUnits,
  rateFromPercent,
  type BookFactory,
  type MarginTerms,
  type MarketSpec,
  type PlaceOrder,
  spotLimitOrder,
} from '../../src/index.js';
import { BTC_USDT, TestVenue } from './venue.js';

const pct = (text: string): bigint => rateFromPercent(text) as bigint;

/** Margin on BTC_USDT: 10×, no brackets, 3 % maintenance, daily interest 0.02 % on BTC and 0.03 % on USDT. */
export const SPOT_MARGIN: MarginTerms = {
  maxLeverage: 10,
  brackets: [],
  maintenanceRates: [{ leverage: 10, rate: pct('3') }],
  borrowRates: [
    { ticker: 'BTC', dailyRate: pct('0.02') },
    { ticker: 'USDT', dailyRate: pct('0.03') },
  ],
  funding: null,
};

/** A perpetual on BTC: lots of 0.0001 BTC, ticks of 0.1 USDT, maker 0.02 %, taker 0.05 %, up to 100×. */
export const BTC_PERP: MarketSpec = {
  ...BTC_USDT,
  name: 'BTC_PERP',
  type: 'futures',
  stockPrec: 4,
  moneyPrec: 1,
  makerFee: pct('0.02'),
  takerFee: pct('0.05'),
  minAmount: 1n,
  margin: {
    maxLeverage: 100,
    brackets: [
      { leverage: 20, maxPosition: 1_000_000n },
      { leverage: 50, maxPosition: 200_000n },
      { leverage: 100, maxPosition: 50_000n },
    ],
    maintenanceRates: [
      { leverage: 10, rate: pct('3') },
      { leverage: 20, rate: pct('2') },
      { leverage: 50, rate: pct('1') },
      { leverage: 100, rate: pct('0.5') },
    ],
    borrowRates: [],
    funding: { intervalMinutes: 480, cap: pct('0.03'), floor: -pct('0.03'), interest: 0n },
  },
};

export const DAY = 86_400_000_000;

/** The test venue with collateral terms on BTC_USDT, BTC_PERP, index prices and a funded lending pool. */
export class CollateralVenue extends TestVenue {
  constructor(book?: BookFactory, pool: Record<string, string> = { USDT: '1000000', BTC: '100' }, rules?: number) {
    super(book, rules);
    this.must({ type: 'DefineMarket', market: { ...BTC_USDT, margin: SPOT_MARGIN } });
    this.must({ type: 'DefineMarket', market: BTC_PERP });
    this.index('BTC', '60000');
    this.index('USDT', '1');
    this.index('ETH', '3000');
    for (const [ticker, whole] of Object.entries(pool)) {
      this.must({ type: 'FundLendingPool', ticker, amount: this.units(ticker, whole) });
    }
  }

  units(ticker: string, whole: string): bigint {
    return parseUnits(whole, this.state.assets.get(ticker)!.precision)!;
  }

  index(ticker: string, price: string): void {
    this.must({ type: 'SetIndexPrice', ticker, price: parseUnits(price, INDEX_PRICE_DECIMALS)! });
  }

  /** A user with collateral balances, given in whole units. */
  collateralUser(name: string, collateral: Record<string, string>): void {
    this.funded(name, 'collateral', collateral);
  }

  collateral(user: string, ticker: string): bigint {
    return this.state.users.get(user)!.collateral.get(ticker) ?? 0n;
  }

  pool(ticker: string): bigint {
    return this.state.ledger.lendingPool.get(ticker) ?? 0n;
  }

  loan(user: string, market: string, ticker: string): bigint {
    return this.state.collateral.accounts.get(user)?.loans.get(market)?.principal.get(ticker) ?? 0n;
  }

  position(user: string, market: string, side: 'BOTH' | 'LONG' | 'SHORT' = 'BOTH') {
    return this.state.collateral.accounts.get(user)?.positions.get(`${market}\u0000${side}`);
  }
}

/** A collateral order with defaults: limit, no flags, stp `no`. */
export function collateralOrder(
  user: string,
  market: string,
  side: 'buy' | 'sell',
  fields: Partial<Omit<PlaceOrder, 'type' | 'user' | 'side' | 'market'>> & { amount: number },
): PlaceOrder {
  return spotLimitOrder(user, market, side, fields.price ?? 0, fields.amount, { account: 'collateral', ...fields });
}

/** The invariants every collateral test ends on. */
export function sound(v: CollateralVenue): void {
  assert.deepEqual(conservationBreaches(v.state), []);
  assert.deepEqual(negativeBalances(v.state), []);
  assert.deepEqual(crossedBooks(v.state), []);
  assert.deepEqual(collateralBreaches(v.state), []);
}
