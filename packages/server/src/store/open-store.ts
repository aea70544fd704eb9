import type { Config } from '../config/schema.js';
import type { Store } from './port.js';
import { openPostgresStore } from './postgres.js';
import { openSqliteStore } from './sqlite.js';
import { checkStoreKind } from './store-kind.js';
import { isPostgresUrl, sqliteFileOf } from './store-location.js';

export type StoreConfig = Pick<Config, 'database' | 'dataDir' | 'postgres' | 'unsafeNoFsync'>;

export interface StoreHooks {
  /** A pooled PostgreSQL connection failed (the pool replaces it). */
  readonly onConnectionError?: (error: Error) => void;
  /** A cluster's leader: the lease epoch that fences its writes (PostgreSQL only). */
  readonly leaseEpoch?: number;
}

/** `sqlite` (the embedded file in the data dir), `sqlite:<file>`, or a `postgres://` URL. */
export function openStore(config: StoreConfig, hooks: StoreHooks = {}): Store {
  checkStoreKind(config);
  const file = sqliteFileOf(config.database, config.dataDir);
  if (file !== undefined) return openSqliteStore(file, { unsafeNoFsync: config.unsafeNoFsync });
  if (isPostgresUrl(config.database)) {
    return openPostgresStore(config.database, {
      ...config.postgres,
      unsafeNoFsync: config.unsafeNoFsync,
      onConnectionError: hooks.onConnectionError,
      leaseEpoch: hooks.leaseEpoch,
    });
  }
  throw new Error(`unsupported database ${config.database}: use sqlite or a postgres:// URL`);
}
