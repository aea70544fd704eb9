/**
 * Why a request got no answer: `timeout` (the client's `timeoutMs` ran out), `aborted` (the call's
 * `signal` fired) or `failed` (no connection, a reset, DNS…; `cause` says what the platform said).
 */
export type NoAnswerReason = 'timeout' | 'aborted' | 'failed';

/**
 * A request the API did not answer, where a TxcError is an answer. The request may or may not have
 * reached the server and been carried out: an order sent again could be placed twice, so look it up
 * first (by its `clientOrderId`, in the open orders or the history) before sending it again.
 */
export class TxcNetworkError extends Error {
  override readonly name = 'TxcNetworkError';
  readonly reason: NoAnswerReason;
  /** e.g. `POST /api/v4/order/new`. */
  readonly request: string;

  constructor(reason: NoAnswerReason, request: string, cause: unknown) {
    super(`${request}: ${TxcNetworkError.describe(reason, cause)}`, { cause });
    this.reason = reason;
    this.request = request;
  }

  /** Whether `e` is a request the API did not answer (and, given one, for that reason). */
  static is(e: unknown, reason?: NoAnswerReason): e is TxcNetworkError {
    return e instanceof TxcNetworkError && (reason === undefined || e.reason === reason);
  }

  private static describe(reason: NoAnswerReason, cause: unknown): string {
    if (reason === 'timeout') return 'no answer in time';
    if (reason === 'aborted') return 'aborted';
    // undici says only "fetch failed": what failed is in its own cause
    const inner = (cause as { cause?: unknown } | null)?.cause;
    const said = inner instanceof Error ? inner.message : cause instanceof Error ? cause.message : String(cause);
    return `no answer (${said})`;
  }
}
