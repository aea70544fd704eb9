/**
 * Integer arithmetic in doubles, for the hot path of matching: each bigint operation allocates,
 * while a double whose value is an integer below 2^53 is exact, and so is every sum, product and
 * division below built from such values — as long as each result is itself below 2^53. Callers
 * check that with `exact` and otherwise take the bigint way, so money is never rounded.
 *
 * A factor that does not fit is held as NaN: every result built from it is NaN, and `exact(NaN)`
 * is false, so the check that guards the result also routes such a market to the bigint way.
 */

/** Whether `n` (an integer result of the functions below, or NaN) is exact and in their domain: 0 ≤ n < 2^53. */
export function exact(n: number): boolean {
  return n >= 0 && n <= Number.MAX_SAFE_INTEGER;
}

/** A bigint as a double when it is exactly one, else NaN. */
export function exactNumber(n: bigint): number {
  return n >= 0n && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : NaN;
}

/**
 * ⌊a / b⌋ for exact integers a ≥ 0, b > 0. The remainder of doubles is exact, so `a − a % b` is an
 * exact multiple of b, and dividing it gives the exact quotient (a plain `a / b` may round up).
 */
export function floorDivExact(a: number, b: number): number {
  return (a - (a % b)) / b;
}

/** ⌈a / b⌉ for exact integers a ≥ 0, b > 0. */
export function ceilDivExact(a: number, b: number): number {
  const r = a % b;
  return r === 0 ? a / b : (a - r) / b + 1;
}

/** num / den in lowest terms, both as doubles, for multiplying exact numbers by a rate. */
export interface ExactFraction {
  /** NaN when the reduced numerator does not fit below 2^53. */
  readonly num: number;
  /** NaN when the reduced denominator does not fit below 2^53. */
  readonly den: number;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** The fraction num / den (num ≥ 0, den > 0) reduced, so that rates such as 0.2 % become 1 / 500. */
export function exactFraction(num: bigint, den: bigint): ExactFraction {
  const g = gcd(num, den);
  return { num: exactNumber(num / g), den: exactNumber(den / g) };
}
