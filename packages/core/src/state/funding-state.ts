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

/**
 * The settlement a perpetual's listing announces at `time` (`next_funding_rate_timestamp`): the end of
 * the current period while it is ahead; once that boundary has passed unsettled (a venue where only
 * the operator settles, or a server catching up), the next boundary of the schedule after `time` —
 * a period settled late ends at that boundary too. Without a period yet, the next boundary.
 */
export function upcomingSettlement(period: FundingState | undefined, terms: FundingTerms, time: number): number {
  if (period !== undefined && period.nextAt > time) return period.nextAt;
  return nextBoundary(time, terms);
}

/** A period that starts at `time` with the premium standing then. */
export function newPeriod(time: number, terms: FundingTerms, premium: bigint, lastRate: bigint | null): FundingState {
  return { periodStart: time, nextAt: nextBoundary(time, terms), premiumTime: 0n, accruedAt: time, premium, lastRate };
}
