/**
 * Integer arithmetic with explicit rounding. Division always names its direction, and callers
 * choose the one that favours the venue (charge up, pay down).
 */

/** ⌊a·b / c⌋ for non-negative a, b and positive c. */
export function mulDivFloor(a: bigint, b: bigint, c: bigint): bigint {
  return (a * b) / c;
}

/** ⌈a·b / c⌉ for non-negative a, b and positive c. */
export function mulDivCeil(a: bigint, b: bigint, c: bigint): bigint {
  const n = a * b;
  const q = n / c;
  return q * c === n ? q : q + 1n;
}

/** ⌊n / d⌋ for any sign of n and positive d (bigint division truncates toward zero). */
export function divFloor(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n < 0n && q * d !== n ? q - 1n : q;
}

/** ⌈n / d⌉ for any sign of n and positive d. */
export function divCeil(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n > 0n && q * d !== n ? q + 1n : q;
}

export function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

export function absBig(a: bigint): bigint {
  return a < 0n ? -a : a;
}
