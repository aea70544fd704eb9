import { settledWithin } from '../timing/settled-within.js';
import { StoreUnavailableError } from '../venue/sequencer/unavailable.js';

/**
 * `applied` (what a gateway waits for its copy of the venue to apply), or a StoreUnavailableError
 * once `ms` have passed: a gateway that cannot read the journal (PostgreSQL out of its reach while
 * the leader commits) answers 503 within the request's deadline, not a dropped connection.
 */
export function appliedWithin<T>(applied: Promise<T>, ms: number): Promise<T> {
  return settledWithin(applied, ms, () => {
    throw new StoreUnavailableError();
  });
}
