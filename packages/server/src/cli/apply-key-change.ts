import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { auditBody } from '../admin/audit-log.js';
import { rewriteSavedStates, statesDirOf, type SavedStatesRewritten } from '../admin/saved-states.js';
import type { Config } from '../config/schema.js';
import { CREDENTIALS_META } from '../demo/stored-credentials.js';
import { DataDirLock } from '../process/data-dir-lock.js';
import { MASTER_KEY_ID_META } from '../process/store-master-key.js';
import { commitBatch } from '../store/commit-batch.js';
import { openStore } from '../store/open-store.js';
import type { ApiKeyRecord, AuditRecord, Store } from '../store/port.js';
import { sqliteFileOf } from '../store/store-location.js';
import { cliActor } from './cli-actor.js';
import type { Changed, KeyChange } from './key-change.js';
import { OperatorError } from './operator-error.js';

/** What a change of master key did to the store and the saved states. */
export interface KeyChangeMade {
  /** Each API key whose secret changed, as it was before, and whether its secret was dropped. */
  readonly apiKeys: readonly { readonly before: ApiKeyRecord; readonly dropped: boolean }[];
  /** The demo credentials' change; undefined when the store keeps none or they already were under the new key. */
  readonly credentials: Changed | undefined;
  readonly savedStates: SavedStatesRewritten;
}

/** The line a change of key leaves in the admin audit log, from what it made. */
export interface KeyChangeAudit {
  readonly action: string;
  readonly target: unknown;
  readonly body: unknown;
}

/**
 * Runs `work` on the venue's store with no server running: it takes the data-dir lock, and claims
 * the database (on PostgreSQL a server the lock cannot see, on another machine or data dir, holds it).
 */
export async function withStoreAlone<T>(config: Config, work: (store: Store) => Promise<T>): Promise<T> {
  if (!existsSync(config.dataDir)) throw new OperatorError(`no data dir at ${config.dataDir}`);
  const sqlite = sqliteFileOf(config.database, config.dataDir);
  if (sqlite !== undefined && !existsSync(sqlite)) throw new OperatorError(`no store at ${sqlite}`);
  const lock = DataDirLock.forVenue(config, 'cli');
  try {
    const store = openStore(config);
    try {
      await store.claim();
      return await work(store);
    } finally {
      await store.close();
    }
  } finally {
    lock.release();
  }
}

/**
 * Makes `change` wherever the venue keeps sealed secrets: every API key and the demo credentials in
 * the store, and every saved state; records the new key's id; and commits the store's part with the
 * audit log's two lines. The saved states are rewritten first, so that a change cut short between
 * the two is completed by making it again (values already under the new key are left as they are).
 */
export async function applyKeyChange(
  store: Store,
  config: Config,
  change: KeyChange,
  audit: (made: KeyChangeMade) => KeyChangeAudit,
  now: number,
): Promise<KeyChangeMade> {
  await store.migrate();
  const records: ApiKeyRecord[] = [];
  const apiKeys: { before: ApiKeyRecord; dropped: boolean }[] = [];
  for (const { record } of await store.loadApiKeys()) {
    const changed = change.apiKey(record);
    if (changed === undefined) continue;
    records.push(changed.record);
    apiKeys.push({ before: record, dropped: changed.dropped });
  }
  const meta = new Map<string, string>([[MASTER_KEY_ID_META, change.to.keyId]]);
  const stored = await store.getMeta(CREDENTIALS_META);
  const credentials = stored === undefined ? undefined : change.credentials(stored);
  if (credentials !== undefined) meta.set(CREDENTIALS_META, credentials.value);
  const savedStates = rewriteSavedStates(statesDirOf(config), (rows) => change.savedRows(rows));
  const made: KeyChangeMade = { apiKeys, credentials, savedStates };
  await store.commit(commitBatch({ apiKeys: records, meta, audit: auditLines(audit(made), now) }));
  return made;
}

/** A request line and its response line, as the CLI's other operations on the store leave them. */
function auditLines({ action, target, body }: KeyChangeAudit, time: number): AuditRecord[] {
  const line = { requestId: randomUUID(), time, actor: cliActor(), ip: null, action, target: JSON.stringify(target) };
  return [
    { ...line, stage: 'request', body: auditBody(body), status: null },
    { ...line, stage: 'response', body: null, status: 200 },
  ];
}
