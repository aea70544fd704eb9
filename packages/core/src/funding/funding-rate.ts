import type { FundingTerms, MarketSpec } from '../spec/market.js';
import type { State } from '../state/state.js';
import { newPeriod, type FundingState } from '../state/funding-state.js';
import { premium } from './mark-price.js';

/** Adds the standing premium × the time since the last change to the period's integral. */
function accrueTo(period: FundingState, now: number): void {
  if (now <= period.accruedAt) return;
  period.premiumTime += period.premium * BigInt(now - period.accruedAt);
  period.accruedAt = now;
}

/** A perpetual's funding state, started at `now` if it has none yet (a market defined before funding existed). */
export function fundingOf(state: State, spec: MarketSpec, terms: FundingTerms, now: number): FundingState {
  let period = state.funding.get(spec.name);
  if (period === undefined) {
    period = newPeriod(now, terms, premium(state, spec), null);
    state.funding.set(spec.name, period);
  }
  return period;
}

/**
 * After a command that may have moved a perpetual's book or index: the premium that stood until now
 * joins the period's integral, and the premium from now on is taken from the book and index.
 */
export function repricePremium(state: State, spec: MarketSpec, now: number): void {
  const terms = spec.margin?.funding;
  if (spec.type !== 'futures' || terms === undefined || terms === null) return;
  const period = fundingOf(state, spec, terms, now);
  accrueTo(period, now);
  period.premium = premium(state, spec);
}

/** The time-weighted average premium of the period up to `now`, truncated toward zero. */
export function averagePremium(period: FundingState, now: number): bigint {
  const elapsed = now - period.periodStart;
  if (elapsed <= 0) return period.premium;
  const tail = now > period.accruedAt ? period.premium * BigInt(now - period.accruedAt) : 0n;
  return (period.premiumTime + tail) / BigInt(elapsed);
}

/** The rate of a period: its average premium plus the interest component, within the market's floor and cap. */
export function clampedRate(terms: FundingTerms, averagePremium: bigint): bigint {
  const rate = averagePremium + terms.interest;
  if (rate > terms.cap) return terms.cap;
  if (rate < terms.floor) return terms.floor;
  return rate;
}

/** What the period would settle at if it ended at `now`: the predicted funding rate. Undefined for a market without funding. */
export function predictedFundingRate(state: State, spec: MarketSpec, now: number): bigint | undefined {
  const terms = spec.margin?.funding;
  if (spec.type !== 'futures' || terms === undefined || terms === null) return undefined;
  const period = state.funding.get(spec.name);
  return clampedRate(terms, period === undefined ? premium(state, spec) : averagePremium(period, now));
}
