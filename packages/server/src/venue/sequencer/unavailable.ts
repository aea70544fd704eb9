import { storeUnreachable } from '../../store/unreachable.js';
import { settledWithin } from '../../timing/settled-within.js';

/** The store cannot take writes right now; the request may be retried later (HTTP 503). */
export class StoreUnavailableError extends Error {
  override readonly name: string = 'StoreUnavailableError';
  constructor(cause?: unknown) {
    super('the store is unavailable', { cause });
  }
}

/** Refused before anything was applied: the venue takes no writes until it has rebuilt from the store. */
export class StoreRefusedError extends StoreUnavailableError {
  override readonly name = 'StoreRefusedError';
}

/**
 * A command the venue committed (journal entry `seq`) whose result the process that took it could
 * not read (a cluster's gateway whose copy of the venue cannot read the journal): answered as
 * unavailable, since there is no result to give, but it must not be sent again.
 */
export class CommittedUnreadError extends StoreUnavailableError {
  override readonly name = 'CommittedUnreadError';
  constructor(readonly seq: number) {
    super();
  }
}

/**
 * The request could not be served for now, and may be tried again (503): the venue takes no writes,
 * or the store did not answer a read.
 */
export function isUnavailable(error: unknown): boolean {
  return error instanceof StoreUnavailableError || storeUnreachable(error);
}

/** `promise`, or a StoreUnavailableError (503) once `ms` have passed (never, when undefined). */
export function unavailableWithin<T>(promise: Promise<T>, ms = Number.POSITIVE_INFINITY): Promise<T> {
  return settledWithin(promise, ms, () => {
    throw new StoreUnavailableError();
  });
}
