import { formatUnits, marketUnits, type MarketSpec, type State } from '@txc/core';
import { RawJson } from './json-text.js';

/**
 * A time in microseconds as the streams show it (websocket spec §1.1): Unix seconds as a JSON number
 * with the microsecond fraction, written exactly (`1717000512.120339`; a whole second has none).
 */
export function wsSeconds(micros: number): RawJson {
  const whole = Math.floor(micros / 1_000_000);
  const fraction = micros - whole * 1_000_000;
  if (fraction === 0) return new RawJson(String(whole));
  return new RawJson(`${whole}.${String(fraction).padStart(6, '0').replace(/0+$/, '')}`);
}

/** Whole Unix seconds of a time in microseconds. */
export function unixSeconds(micros: number): number {
  return Math.floor(micros / 1_000_000);
}

/** How one market's integers read as the API's decimal strings. */
export interface MarketTexts {
  /** Ticks as a price. */
  price(ticks: number | bigint): string;
  /** Lots as an amount of stock. */
  amount(lots: number | bigint): string;
  /** An exact notional in the market's fine unit as an amount of money. */
  money(fine: bigint): string;
}

/** The market's price, amount and money formatting (the same digits as the REST answers). */
export function marketTexts(state: State, spec: MarketSpec): MarketTexts {
  const precision = (ticker: string): number => state.assets.get(ticker)?.precision ?? 0;
  const { fineScale } = marketUnits(spec, precision(spec.money), precision(spec.stock));
  return {
    price: (ticks) => formatUnits(BigInt(ticks), spec.moneyPrec),
    amount: (lots) => formatUnits(BigInt(lots), spec.stockPrec),
    money: (fine) => formatUnits(fine, fineScale),
  };
}
