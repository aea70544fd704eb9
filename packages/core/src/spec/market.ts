/** A market: a spot pair (margin-enabled when `isCollateral`) or a perpetual futures contract. */
export interface MarketSpec {
  readonly name: string;
  readonly stock: string;
  readonly money: string;
  readonly type: 'spot' | 'futures';
  /** Amounts are integers of 10^-stockPrec stock units (lots). */
  readonly stockPrec: number;
  /** Prices are integers of 10^-moneyPrec money units per stock unit (ticks). */
  readonly moneyPrec: number;
  readonly feePrec: number;
  /** Fee rates over RATE_SCALE. */
  readonly makerFee: bigint;
  readonly takerFee: bigint;
  /** In lots. */
  readonly minAmount: bigint;
  /** In minor units of the money asset; maxTotal 0 means no upper limit. */
  readonly minTotal: bigint;
  readonly maxTotal: bigint;
  readonly tradesEnabled: boolean;
  readonly isCollateral: boolean;
  /** The terms of collateral trading on this market; collateral orders need them. */
  readonly margin?: MarginTerms;
}

/**
 * The most lots, ticks or minor units of a budget one order may count: the engine holds them as
 * safe integers, so a market's precisions bound its orders (docs/decisions.md).
 */
export const MAX_ORDER_UNITS = BigInt(Number.MAX_SAFE_INTEGER);

/** A price in ticks of a market, as an exact fraction num / den (den > 0). */
export interface Price {
  readonly num: bigint;
  readonly den: bigint;
}

/** The leverages an account may choose (reference §6.5). */
export const LEVERAGES: readonly number[] = [1, 2, 3, 5, 10, 20, 50, 100];

/** At `leverage`, a position may be worth at most `maxPosition` whole USDT (0: no cap). */
export interface Bracket {
  readonly leverage: number;
  readonly maxPosition: bigint;
}

export interface MaintenanceRate {
  readonly leverage: number;
  readonly rate: bigint;
}

/** The maintenance margin rate of positions traded at `leverage`. */
export function maintenanceRate(terms: MarginTerms, leverage: number): bigint {
  const rates = terms.maintenanceRates;
  for (const r of rates) if (r.leverage >= leverage) return r.rate;
  return rates[rates.length - 1]?.rate ?? 0n;
}

/** A daily interest rate over RATE_SCALE on what positions of the market borrow of `ticker`. */
export interface BorrowRate {
  readonly ticker: string;
  readonly dailyRate: bigint;
}

/** Perpetuals: the funding schedule and the bounds of its rate (signed rates over RATE_SCALE). */
export interface FundingTerms {
  readonly intervalMinutes: number;
  readonly cap: bigint;
  readonly floor: bigint;
  /** The interest component added to the average premium, per interval (over RATE_SCALE, signed). */
  readonly interest: bigint;
}

/** How a collateral market lends, caps and margins positions. */
export interface MarginTerms {
  /** An account leverage above it is clamped to it on this market. */
  readonly maxLeverage: number;
  /** By ascending leverage. */
  readonly brackets: readonly Bracket[];
  /**
   * Maintenance margin over RATE_SCALE of a position's notional at the mark price, by leverage
   * ascending: a position traded at leverage L pays the rate of the first entry whose leverage is at
   * least L (the last entry beyond them all). Must stay below 1/L, or a position would open already
   * below maintenance.
   */
  readonly maintenanceRates: readonly MaintenanceRate[];
  readonly borrowRates: readonly BorrowRate[];
  /** Perpetuals only. */
  readonly funding: FundingTerms | null;
}
