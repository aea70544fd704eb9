import { TxcNetworkError } from '@txc/sdk';

/**
 * A request that got no answer at all: the server is down or out of reach. It says nothing of the
 * request itself (a refusal is a TxcError), and the connection banner says it for the whole page, so
 * a panel that only reads shows nothing of it.
 */
export class NoAnswer extends Error {
  constructor(cause: unknown) {
    super('No answer from the server: it is down or out of reach.', { cause });
    this.name = 'NoAnswer';
  }
}

/**
 * Whether `e` is a request left unanswered: the page's own {@link NoAnswer}, or the SDK's
 * TxcNetworkError (its timeout, say), which is the same thing said by the client.
 */
export function isNoAnswer(e: unknown): e is NoAnswer | TxcNetworkError {
  return e instanceof NoAnswer || TxcNetworkError.is(e);
}
