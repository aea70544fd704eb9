import { existsSync, mkdirSync } from 'node:fs';
import type { Config } from '../config/schema.js';
import { adminToken } from '../process/admin-token.js';
import { DataDirLock, readLock } from '../process/data-dir-lock.js';
import { createLogger } from '../process/logger.js';
import { resolveMasterKey } from '../secrets/master-key.js';
import { SecretBox } from '../secrets/secret-box.js';
import { openStore } from '../store/open-store.js';
import { LocalAdmin, type AdminOperations } from '../venue/admin.js';
import { systemClock } from '../venue/clock.js';
import { Venue } from '../venue/venue.js';
import { auditedAdmin } from './audited-admin.js';
import { RemoteAdmin } from './remote-admin.js';

/**
 * Runs an admin operation on the data dir: through the admin API when a server holds it, or
 * by opening the store in this process (holding the lock meanwhile) when none does.
 */
export async function withAdmin<T>(config: Config, work: (admin: AdminOperations) => Promise<T>): Promise<T> {
  const held = existsSync(config.dataDir) ? readLock(config.dataDir) : undefined;
  if (held?.holder === 'server' && held.url !== undefined) {
    return work(new RemoteAdmin(held.url, adminToken(config.dataDir, config.adminToken)));
  }
  mkdirSync(config.dataDir, { recursive: true });
  const lock = DataDirLock.acquire(config.dataDir, 'cli');
  try {
    const venue = await Venue.open({
      store: openStore(config),
      clock: systemClock(),
      log: createLogger({ logLevel: 'warn' }),
      nonceWindowMs: config.auth.nonceWindowMs,
      secrets: SecretBox.fromKey(resolveMasterKey(config).key),
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
