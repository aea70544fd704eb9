/**
 * The reason phrases of the statuses a server or a proxy in front of it answers, for an error whose
 * body is no API answer (a proxy's HTML page): the status says more than its markup would.
 */
const PHRASES: Record<number, string> = {
  400: 'bad request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not found',
  405: 'method not allowed',
  408: 'request timeout',
  413: 'payload too large',
  429: 'too many requests',
  500: 'internal server error',
  502: 'bad gateway',
  503: 'service unavailable',
  504: 'gateway timeout',
};

export function statusPhrase(status: number): string {
  return PHRASES[status] ?? (status >= 500 ? 'server error' : 'request refused');
}
