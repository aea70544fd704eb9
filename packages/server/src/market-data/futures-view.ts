import {
  divide,
  formatUnits,
  indexTicks,
  INDEX_PRICE_DECIMALS,
  openInterest,
  perpMark,
  pow10,
  predictedFundingRate,
  rateToDecimal,
  type MarketSpec,
  type Price,
  type State,
  upcomingSettlement,
} from '@txc/core';
import type { FuturesMarket } from '@txc/sdk';
import type { MarketData } from './market-data.js';
import { marketActivity } from './public-views.js';

/** A price of ticks as a fraction, shown with the index's 18 decimals (trailing zeros dropped), truncated. */
export function priceText(spec: MarketSpec, price: Price | undefined): string {
  if (price === undefined) return '0';
  const extra = INDEX_PRICE_DECIMALS - spec.moneyPrec;
  return formatUnits(divide(price.num * pow10(extra), price.den, false), INDEX_PRICE_DECIMALS);
}

/** What a perpetual's funding stands at: the figures the futures listing and the `premiumIndex` stream share. */
export interface FundingFigures {
  readonly markPrice: string;
  readonly indexPrice: string;
  /** The rate the current period would settle at if it ended now, exact. */
  readonly rate: bigint;
  /** When the next settlement is due, in microseconds. */
  readonly nextAt: number;
}

/** A perpetual's funding figures at `now` (microseconds), each computed once. */
export function fundingFigures(state: State, spec: MarketSpec, now: number): FundingFigures {
  const terms = spec.margin?.funding ?? null;
  return {
    markPrice: priceText(spec, perpMark(state, spec)),
    indexPrice: priceText(spec, indexTicks(state, spec)),
    rate: predictedFundingRate(state, spec, now) ?? 0n,
    nextAt: terms === null ? now : upcomingSettlement(state.funding.get(spec.name), terms, now),
  };
}

/**
 * Spec §2.1: one perpetual as the futures listing shows it, at `now` (microseconds). The 24-hour
 * figures and the best bid and ask are those of the API V1 ticker; open interest is the total long
 * size now; the funding rate is the one the current period would settle at if it ended now.
 */
export function futuresMarketView(state: State, data: MarketData, spec: MarketSpec, now: number): FuturesMarket {
  const activity = marketActivity(state, data, spec);
  const margin = spec.margin;
  const terms = margin?.funding ?? null;
  const funding = fundingFigures(state, spec, now);
  return {
    ticker_id: spec.name,
    stock_currency: spec.stock,
    money_currency: spec.money,
    last_price: activity.last,
    stock_volume: activity.volume,
    money_volume: activity.deal,
    bid: activity.bid,
    ask: activity.ask,
    high: activity.high,
    low: activity.low,
    product_type: 'Perpetual',
    open_interest: formatUnits(BigInt(openInterest(state, spec.name)), spec.stockPrec),
    index_price: funding.indexPrice,
    index_name: state.assets.get(spec.stock)?.name ?? spec.stock,
    index_currency: spec.stock,
    funding_rate: rateToDecimal(funding.rate),
    funding_cap: rateToDecimal(terms?.cap ?? 0n),
    funding_floor: rateToDecimal(terms?.floor ?? 0n),
    next_funding_rate_timestamp: String(Math.floor(funding.nextAt / 1000)),
    brackets: Object.fromEntries((margin?.brackets ?? []).map((b) => [String(b.leverage), Number(b.maxPosition)])),
    max_leverage: margin?.maxLeverage ?? 1,
    funding_interval_minutes: terms?.intervalMinutes ?? 0,
    markPrice: funding.markPrice,
    indexPrice: funding.indexPrice,
    interestRate: rateToDecimal(terms?.interest ?? 0n),
  };
}
