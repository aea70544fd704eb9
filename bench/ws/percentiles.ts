/** p50, p99 and p99.9 of a sample, in its unit. */
export interface Percentiles {
  readonly p50: number;
  readonly p99: number;
  readonly p999: number;
}

/** The nearest-rank percentile `q` (0–1) of ascending values. */
function rank(sorted: readonly number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  const v = sorted[i];
  if (v === undefined) throw new Error('percentile of no value');
  return v;
}

export function percentiles(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: rank(sorted, 0.5), p99: rank(sorted, 0.99), p999: rank(sorted, 0.999) };
}
