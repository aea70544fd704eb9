import type { Venue } from '../venue/venue.js';
import { TtlCache } from './ttl-cache.js';

/**
 * The answer cache of a public route, timed by the venue's clock and emptied whenever the venue is
 * rebuilt from its store (a saved state loaded, a reset, a recovery after a failed commit): an
 * answer never outlives the state it was taken from, though the period it is kept for would.
 */
export function publicCache<V>(venue: Pick<Venue, 'clock' | 'onRebuilt'>, ttlMs: number): TtlCache<V> {
  const cache = new TtlCache<V>(ttlMs, () => venue.clock.nowMs());
  venue.onRebuilt(() => cache.clear());
  return cache;
}
