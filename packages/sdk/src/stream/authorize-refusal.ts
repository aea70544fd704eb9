import { TxcError } from '../errors/txc-error.js';
import { TxcStreamError } from './stream-types.js';

/**
 * Whether an authorize that failed while a stream restored its connection was refused for good:
 * the token endpoint answered 4xx other than 429 (the key deleted, disabled, not allowed), or the
 * server refused a token fetched for this very attempt. Trying again would fetch the same answer,
 * and a key revoked while the stream was away never gets its 4003 (only authorized sockets do), so
 * such a stream would reconnect for ever. Anything else (no answer, a 429, a 5xx, the socket lost,
 * an error a token source of the app's own throws) is a failure of the moment, tried again.
 */
export function isAuthorizeRefusal(e: unknown): boolean {
  if (e instanceof TxcStreamError) return true;
  return e instanceof TxcError && e.status < 500 && e.status !== 429;
}
