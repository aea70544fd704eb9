import type { Store } from './port.js';
import { StoreOpenError } from './store-open-error.js';

/**
 * Resolves once a write probe has landed. A store this process may read but not write (a SQLite
 * file another user owns, a PostgreSQL role granted SELECT alone) opens and loads like any other,
 * and would look healthy until the first command failed: it is refused at start-up instead.
 */
export async function provenWritable(store: Store, kind: 'sqlite' | 'postgres'): Promise<void> {
  try {
    await store.probeWrite();
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new StoreOpenError(kind, new Error(`it takes no writes (${reason})`));
  }
}
