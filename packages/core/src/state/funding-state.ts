import type { FundingTerms } from '../spec/market.js';

/**
 * Where a perpetual's funding period stands. The premium of the book over the index is piecewise
 * constant between the commands that move it, so its time-weighted average over the period is kept
 * exactly as Σ premium × µs, brought up to date whenever the premium changes.
 */
export interface FundingState {
  /** Microseconds: the period's start, where the premium average begins (the rate's calculation time). */
  periodStart: number;
  /** Microseconds: when the period settles, a multiple of the interval since the Unix epoch. */
  nextAt: number;
  /** Σ premium × µs from periodStart to accruedAt (premium over RATE_SCALE). */
  premiumTime: bigint;
  accruedAt: number;
  /** The premium since accruedAt (over RATE_SCALE, signed). */
  premium: bigint;
  /** The rate of the last settlement (over RATE_SCALE), null before the first. */
  lastRate: bigint | null;
}

const MINUTE_MICROS = 60_000_000;

export function intervalMicros(terms: FundingTerms): number {
  return terms.intervalMinutes * MINUTE_MICROS;
}

/** The first settlement instant strictly after `time`: boundaries fall on multiples of the interval since the epoch. */
export function nextBoundary(time: number, terms: FundingTerms): number {
  const interval = intervalMicros(terms);
  return (Math.floor(time / interval) + 1) * interval;
}

/** A period that starts at `time` with the premium standing then. */
export function newPeriod(time: number, terms: FundingTerms, premium: bigint, lastRate: bigint | null): FundingState {
  return { periodStart: time, nextAt: nextBoundary(time, terms), premiumTime: 0n, accruedAt: time, premium, lastRate };
}
