import { decimalToUnits, formatUnits, parseDecimal, pow10 } from './decimal.js';

/**
 * Rates (fees, funding, interest) are fractions held as integers over RATE_SCALE, so that a
 * funding rate such as 0.000044889033693137 is exact.
 */
export const RATE_DECIMALS = 18;
export const RATE_SCALE = 10n ** 18n;

/** "0.1" percent → 0.001 as a rate. Undefined when malformed, negative or over-precise. */
export function rateFromPercent(text: string): bigint | undefined {
  const d = parseDecimal(text);
  if (d === undefined || d.negative) return undefined;
  return decimalToUnits(d, RATE_DECIMALS - 2);
}

/** A rate shown as a percent string ("0.1"). */
export function rateToPercent(rate: bigint): string {
  return formatUnits(rate, RATE_DECIMALS - 2);
}

/** A decimal fraction ("0.0003", may be negative) as a rate. */
export function rateFromDecimal(text: string): bigint | undefined {
  const d = parseDecimal(text);
  return d === undefined ? undefined : decimalToUnits(d, RATE_DECIMALS);
}

/** A rate as a decimal fraction ("-0.0003"): all its decimals, or at most `places`, cut toward zero. */
export function rateToDecimal(rate: bigint, places = RATE_DECIMALS): string {
  const cut = pow10(RATE_DECIMALS - places);
  return formatUnits((rate / cut) * cut, RATE_DECIMALS);
}
