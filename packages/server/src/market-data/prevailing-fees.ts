import type { MarketSpec, State } from '@txc/core';
import { marketsByName } from './public-views.js';

export interface FeePair {
  /** Rates over RATE_SCALE. */
  readonly maker: bigint;
  readonly taker: bigint;
}

/**
 * The maker and taker rates that most markets of a kind open for trading charge: the venue's
 * "default" fee, which the API states once although each market sets its own. A tie goes to the
 * pair of the first market in name order; a venue without such markets charges nothing.
 */
export function prevailingFees(state: State, type: MarketSpec['type']): FeePair {
  const counts = new Map<string, { pair: FeePair; count: number }>();
  for (const m of marketsByName(state)) {
    if (m.type !== type || !m.tradesEnabled) continue;
    const key = `${m.makerFee}/${m.takerFee}`;
    const entry = counts.get(key) ?? { pair: { maker: m.makerFee, taker: m.takerFee }, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  let best: { pair: FeePair; count: number } | undefined;
  for (const entry of counts.values()) if (best === undefined || entry.count > best.count) best = entry;
  return best?.pair ?? { maker: 0n, taker: 0n };
}
