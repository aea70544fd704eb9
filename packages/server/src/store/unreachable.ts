/** A socket to the database that could not be opened or was lost (Node's system error codes). */
const SOCKET_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own codes for a server that is going away, not taking sessions, or gave up on a
 * statement: class 08 (connection exception) below, `admin_shutdown`, `crash_shutdown`,
 * `cannot_connect_now`, `database_dropped`, `query_canceled` (the statement timeout),
 * `too_many_connections`, the idle-in-transaction timeout, and a database that is not there
 * (`invalid_catalog_name`, as one being restored).
 */
const SERVER_FAILURES = new Set(['57P01', '57P02', '57P03', '57P04', '57014', '53300', '25P03', '3D000']);

/**
 * `object_not_in_prerequisite_state` is also a query's own fault; only a database closed to new
 * sessions (`ALTER DATABASE … ALLOW_CONNECTIONS false`, as during a maintenance) is out of reach.
 */
function closedDatabase(code: string, message: string): boolean {
  return code === '55000' && message.includes('is not currently accepting connections');
}

/** What the PostgreSQL client and its pool say, with no code, when the server is out of reach. */
const CLIENT_FAILURES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  // Kysely, once the store is closed (a request still running at shutdown)
  'driver has already been destroyed',
];

/**
 * The store could not be reached, or stopped answering, while it was read: the request may be
 * tried again later (503), which a fault in the query itself (a bug, 500) may not. Follows the
 * error's causes, and the attempts of a connection tried on several addresses.
 */
export function storeUnreachable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (SOCKET_FAILURES.has(code) ||
      SERVER_FAILURES.has(code) ||
      code.startsWith('08') ||
      closedDatabase(code, error.message))
  ) {
    return true;
  }
  if (CLIENT_FAILURES.some((m) => error.message.startsWith(m))) return true;
  const inner: unknown[] = error instanceof AggregateError ? (error.errors as unknown[]) : [];
  return [error.cause, ...inner].some((e) => storeUnreachable(e, depth + 1));
}
