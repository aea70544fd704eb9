/**
 * The store could not be opened (no such database, refused connection, bad credentials): said in one
 * line an operator can act on, where the driver's own error comes with its whole call stack.
 */
export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';

  constructor(kind: 'sqlite' | 'postgres', cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const hint =
      kind === 'postgres' && /does not exist/.test(reason) ? ' (create it first, e.g. `createdb <name>`)' : '';
    super(`the ${kind === 'postgres' ? 'PostgreSQL' : 'SQLite'} store cannot be opened: ${reason}${hint}`, { cause });
  }
}
