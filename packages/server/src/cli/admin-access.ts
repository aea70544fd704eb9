import { existsSync } from 'node:fs';
import type { Config } from '../config/schema.js';
import { ADMIN_TOKEN_FILE, storedAdminToken } from '../process/admin-token.js';
import { DataDirLock, readLock } from '../process/data-dir-lock.js';
import { createLogger } from '../process/logger.js';
import { resolveMasterKey } from '../secrets/master-key.js';
import { SecretBox } from '../secrets/secret-box.js';
import { openStore } from '../store/open-store.js';
import { sqliteFileOf } from '../store/store-location.js';
import { LocalAdmin, type AdminOperations } from '../venue/admin.js';
import { systemClock } from '../venue/clock.js';
import { Venue } from '../venue/venue.js';
import { auditedAdmin } from './audited-admin.js';
import { OperatorError } from './operator-error.js';
import { RemoteAdmin } from './remote-admin.js';

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
    return work(new RemoteAdmin(held.url, token));
  }
  // no SQLite file in a data dir: its venue is on PostgreSQL, or was never started here
  const sqlite = sqliteFileOf(config.database, config.dataDir);
  if (sqlite !== undefined && !existsSync(sqlite)) {
    throw new OperatorError(
      `no SQLite store in ${config.dataDir} (txc serve creates it; a venue on PostgreSQL is reached with --database or TXC_DATABASE_URL)`,
    );
  }
  const lock = DataDirLock.acquire(config.dataDir, 'cli');
  try {
    // before the store is opened: a key that cannot be read must not leave its connections open
    const secrets = SecretBox.fromKey(resolveMasterKey(config).key);
    const venue = await Venue.open({
      store: openStore(config),
      clock: systemClock(),
      log: createLogger({ logLevel: 'warn' }),
      nonceWindowMs: config.auth.nonceWindowMs,
      secrets,
    });
    try {
      return await work(auditedAdmin(new LocalAdmin(venue), venue));
    } finally {
      await venue.close();
    }
  } finally {
    lock.release();
  }
}
