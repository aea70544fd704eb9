/**
 * Exact comparisons and sums of the API's decimal strings. Prices and amounts are never parsed as
 * floating point for ordering or totals; only a chart's coordinates are numbers.
 */
interface Scaled {
  readonly units: bigint;
  readonly scale: number;
}

function scaled(text: string): Scaled {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const [whole = '0', fraction = ''] = body.split('.');
  const units = BigInt(`${whole || '0'}${fraction}`);
  return { units: negative ? -units : units, scale: fraction.length };
}

function align(a: Scaled, b: Scaled): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

function format(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale === 0 ? '' : digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}

export function compareDecimal(a: string, b: string): number {
  const [x, y] = align(scaled(a), scaled(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

export function addDecimal(a: string, b: string): string {
  const [x, y, scale] = align(scaled(a), scaled(b));
  return format(x + y, scale);
}

export function subtractDecimal(a: string, b: string): string {
  const [x, y, scale] = align(scaled(a), scaled(b));
  return format(x - y, scale);
}

export function multiplyDecimal(a: string, b: string): string {
  const x = scaled(a);
  const y = scaled(b);
  return format(x.units * y.units, x.scale + y.scale);
}

export function isZero(a: string): boolean {
  return scaled(a).units === 0n;
}

/**
 * `a` rounded to `decimals` places (half away from zero) and written without trailing zeros: a figure
 * to read, never one to send (what is sent keeps every digit the user or the API wrote).
 */
export function roundDecimal(a: string, decimals: number): string {
  const { units, scale } = scaled(a);
  if (scale <= decimals) return format(units, scale);
  const step = 10n ** BigInt(scale - decimals);
  const magnitude = units < 0n ? -units : units;
  let kept = magnitude / step;
  if ((magnitude % step) * 2n >= step) kept += 1n;
  return format(units < 0n ? -kept : kept, decimals);
}

/**
 * `a` with `significant` significant digits, and at least `minDecimals` places however large it is (a
 * sum of money keeps its cents): for figures of no fixed precision, a funding rate or a PnL that the
 * API writes with 18 decimals.
 */
export function readableDecimal(a: string, significant = 6, minDecimals = 2): string {
  const { units, scale } = scaled(a);
  if (units === 0n) return '0';
  // the power of ten of the first significant digit: 2 for 123.4, -5 for 0.0000999
  const exponent = (units < 0n ? -units : units).toString().length - 1 - scale;
  return roundDecimal(a, Math.max(minDecimals, significant - 1 - exponent));
}

/** A chart coordinate: the one place a decimal becomes a float, for drawing only. */
export function plotValue(a: string): number {
  return Number(a);
}
