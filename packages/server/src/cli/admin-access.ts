import { existsSync } from 'node:fs';
import type { Config } from '../config/schema.js';
import { ADMIN_TOKEN_FILE, storedAdminToken } from '../process/admin-token.js';
import { readLock } from '../process/data-dir-lock.js';
import { sqliteFileOf } from '../store/store-location.js';
import type { AdminOperations } from '../admin/admin-operations.js';
import { OperatorError } from './operator-error.js';

/**
 * Runs an admin operation on the data dir: through the admin API when a server holds it, or
 * by opening the store in this process (holding the lock meanwhile) when none does.
 */
export async function withAdmin<T>(config: Config, work: (admin: AdminOperations) => Promise<T>): Promise<T> {
  // a mistyped path must not become a new, empty venue
  if (!existsSync(config.dataDir)) {
    throw new OperatorError(`no data dir at ${config.dataDir} (txc serve creates one; name it with --data-dir)`);
  }
  const held = readLock(config.dataDir);
  if (held?.holder === 'server' && held.url !== undefined) {
    // the server's token: given here, or the one it keeps in the data dir (never made up here)
    const token = config.adminToken ?? storedAdminToken(config.dataDir);
    if (token === undefined) {
      throw new OperatorError(
        `a server holds ${config.dataDir} and its admin token is not in ${ADMIN_TOKEN_FILE} there: ` +
          'give it with --admin-token or TXC_ADMIN_TOKEN',
      );
    }
    // a command through the server's admin API loads the HTTP client alone, not the store and the engine
    const { RemoteAdmin } = await import('./remote-admin.js');
    const source = config.adminToken === undefined ? `${ADMIN_TOKEN_FILE} in ${config.dataDir}` : undefined;
    return work(new RemoteAdmin(held.url, token, undefined, source));
  }
  // no SQLite file in a data dir: its venue is on PostgreSQL, or was never started here
  const sqlite = sqliteFileOf(config.database, config.dataDir);
  if (sqlite !== undefined && !existsSync(sqlite)) {
    throw new OperatorError(
      `no SQLite store in ${config.dataDir} (txc serve creates it; a venue on PostgreSQL is reached with --database or TXC_DATABASE_URL)`,
    );
  }
  const { withLocalAdmin } = await import('./local-admin.js');
  return withLocalAdmin(config, work);
}
