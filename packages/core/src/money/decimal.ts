/**
 * Decimal text at the edges, integers inside. Every amount, price and fee in txc is an integer
 * count of minor units (10^-scale of a whole unit); these functions are the only way in and out.
 */

const POW10: bigint[] = [];
for (let i = 0, p = 1n; i <= 60; i++, p *= 10n) POW10.push(p);

/** 10^exponent for any integer exponent ≥ 0: a decimal's fraction, as written, can be of any length. */
export function pow10(exponent: number): bigint {
  const p = POW10[exponent];
  if (p !== undefined) return p;
  if (!Number.isSafeInteger(exponent) || exponent < 0) throw new RangeError(`10^${exponent} is not an integer power`);
  return 10n ** BigInt(exponent);
}

/** A decimal number as written: `digits` × 10^-`fractionDigits`, sign applied. */
export interface ParsedDecimal {
  readonly negative: boolean;
  readonly digits: bigint;
  /** Significant fraction digits (trailing zeros removed). */
  readonly fractionDigits: number;
}

const DECIMAL = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;

/**
 * Strict decimal text: optional minus, integer part without leading zeros, optional fraction.
 * No exponent, no plus sign, no spaces, no leading or trailing dot. Returns undefined otherwise.
 * Any length is read exactly (`0.1` followed by a hundred zeros is 0.1); callers bound the text.
 */
export function parseDecimal(text: string): ParsedDecimal | undefined {
  const m = DECIMAL.exec(text);
  if (m === null) return undefined;
  const intPart = m[2] as string;
  const written = m[3] ?? '';
  // trailing zeros cut by a scan from the end: a regular expression would retry from every zero
  let end = written.length;
  while (end > 0 && written.charCodeAt(end - 1) === 48) end--;
  const fraction = written.slice(0, end);
  const digits = BigInt(intPart + fraction);
  return { negative: m[1] === '-' && digits !== 0n, digits, fractionDigits: fraction.length };
}

/** The decimal in units of 10^-scale; undefined when it carries more precision than the scale allows. */
export function decimalToUnits(d: ParsedDecimal, scale: number): bigint | undefined {
  if (d.fractionDigits > scale) return undefined;
  const units = d.digits * pow10(scale - d.fractionDigits);
  return d.negative ? -units : units;
}

/** Strict text straight to units; undefined when malformed or too precise. */
export function parseUnits(text: string, scale: number): bigint | undefined {
  const d = parseDecimal(text);
  return d === undefined ? undefined : decimalToUnits(d, scale);
}

/** Units of 10^-scale as the shortest exact decimal text ("0", "12.5", "-0.00000001"). */
export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  let text: string;
  if (scale === 0) {
    text = abs.toString();
  } else {
    const p = pow10(scale);
    const whole = abs / p;
    const fraction = (abs % p).toString().padStart(scale, '0').replace(/0+$/, '');
    text = fraction.length === 0 ? whole.toString() : `${whole}.${fraction}`;
  }
  return negative ? `-${text}` : text;
}

/** Units of 10^-scale with exactly `scale` fraction digits ("1.50000000"), for fixed-width displays. */
export function formatUnitsFixed(units: bigint, scale: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  if (scale === 0) return (negative ? '-' : '') + abs.toString();
  const p = pow10(scale);
  const text = `${abs / p}.${(abs % p).toString().padStart(scale, '0')}`;
  return negative ? `-${text}` : text;
}

/** Re-express units of 10^-from in units of 10^-to, which must not lose precision. */
export function rescaleExact(units: bigint, from: number, to: number): bigint {
  if (to >= from) return units * pow10(to - from);
  const p = pow10(from - to);
  if (units % p !== 0n) throw new RangeError('rescale would lose precision');
  return units / p;
}
