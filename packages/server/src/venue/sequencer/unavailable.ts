/** The store cannot take writes right now; the request may be retried later (HTTP 503). */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(cause?: unknown) {
    super('the store is unavailable', { cause });
  }
}
