import type { Config } from '../config/schema.js';
import { DataDirLock } from '../process/data-dir-lock.js';
import { createLogger } from '../process/logger.js';
import { SecretBox } from '../secrets/secret-box.js';
import { masterKeyFor } from '../process/store-master-key.js';
import { openStore } from '../store/open-store.js';
import type { AdminOperations } from '../admin/admin-operations.js';
import { LocalAdmin } from '../admin/local-admin.js';
import { statesDirOf } from '../admin/saved-states.js';
import { systemClock } from '../venue/sequencer/clock.js';
import { Venue } from '../venue/venue.js';
import { auditedAdmin } from './audited-admin.js';

/** Runs an admin operation on a data dir no server holds: the store opened in this process, under the lock. */
export async function withLocalAdmin<T>(config: Config, work: (admin: AdminOperations) => Promise<T>): Promise<T> {
  const lock = DataDirLock.forVenue(config, 'cli');
  try {
    const store = openStore(config);
    let secrets: SecretBox;
    try {
      // claimed first, as the venue will: a store another venue holds is refused as such
      await store.claim();
      // a command never makes a key: one it sealed under would not be the key the server is configured with
      secrets = SecretBox.fromKey((await masterKeyFor(store, config, { generate: false })).key);
    } catch (e) {
      await store.close().catch(() => undefined);
      throw e;
    }
    const venue = await Venue.open({
      store,
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
