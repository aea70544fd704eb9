import type { ErrorName, PrivateEndpoint } from '@txc/sdk';
import type { ApiKeyEntry } from '../venue/keys/api-keys.js';
import type { Venue } from '../venue/venue.js';
import { keyCounter, type ConfiguredRateRules } from './configured-rate-rules.js';
import type { RateLimiter } from './rate-limiter.js';
import { throttledAnswer } from './throttled-answer.js';

/** A signed request's nonce; none for a request that carries none to check. */
export interface SignedNonce {
  readonly nonce: number;
  readonly nonceWindow: boolean;
  /**
   * When a cluster's gateway received the request (ms): its nonce window is judged then, not once a
   * leader answers it, which may be seconds later after a failover.
   */
  readonly receivedAtMs?: number;
}

/**
 * A signed request's nonce, then its key's allowance, then the nonce taken: a request seen before is
 * refused before it counts (whoever saw one could otherwise spend the key's allowance), and one over
 * the allowance leaves its nonce unused. The rule of one process and of a cluster's leader alike.
 */
export function admitKeyRequest(
  venue: Venue,
  limiter: RateLimiter,
  rules: ConfiguredRateRules,
  entry: ApiKeyEntry,
  endpoint: PrivateEndpoint,
  signed: SignedNonce | undefined,
): ErrorName | undefined {
  const replay =
    signed === undefined ? 'ok' : venue.nonceVerdict(entry, signed.nonce, signed.nonceWindow, signed.receivedAtMs);
  if (replay !== 'ok') return replay;
  const { counter, rule } = keyCounter(rules, entry.record.apiKey, endpoint);
  if (!limiter.hit(counter, rule, venue.clock.nowMs())) return throttledAnswer(endpoint.path);
  if (signed === undefined) return undefined;
  const verdict = venue.spendNonce(entry, signed.nonce, signed.nonceWindow, signed.receivedAtMs);
  return verdict === 'ok' ? undefined : verdict;
}
