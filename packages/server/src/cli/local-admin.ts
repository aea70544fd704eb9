import type { Config } from '../config/schema.js';
import { DataDirLock } from '../process/data-dir-lock.js';
import { createLogger } from '../process/logger.js';
import { resolveMasterKey } from '../secrets/master-key.js';
import { SecretBox } from '../secrets/secret-box.js';
import { openStore } from '../store/open-store.js';
import type { AdminOperations } from '../admin/admin-operations.js';
import { LocalAdmin } from '../admin/local-admin.js';
import { statesDirOf } from '../admin/saved-states.js';
import { systemClock } from '../venue/sequencer/clock.js';
import { Venue } from '../venue/venue.js';
import { auditedAdmin } from './audited-admin.js';

/** Runs an admin operation on a data dir no server holds: the store opened in this process, under the lock. */
export async function withLocalAdmin<T>(config: Config, work: (admin: AdminOperations) => Promise<T>): Promise<T> {
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
      return await work(auditedAdmin(new LocalAdmin(venue, statesDirOf(config)), venue));
    } finally {
      await venue.close();
    }
  } finally {
    lock.release();
  }
}
