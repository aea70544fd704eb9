import type { Config } from './schema.js';

/**
 * How long after a request arrives every process answers it at the latest: the client's request
 * timeout less a second, so that a 503 leaves before the connection's idle timeout (the request
 * timeout and two seconds) ends it unanswered.
 */
export function answerWithinMs(config: Pick<Config, 'http'>): number {
  return Math.max(500, config.http.requestTimeoutMs - 1_000);
}

/**
 * How long a group commit may take before it fails: within the answer's time, but never under two
 * seconds, for a commit that fails sends the whole venue through a recovery.
 */
export function commitWithinMs(config: Pick<Config, 'http'>): number {
  return Math.max(2_000, answerWithinMs(config));
}
