import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Config } from '../config/schema.js';
import { statesDirOf, rewriteSavedStates } from '../admin/saved-states.js';
import { CREDENTIALS_META } from '../demo/stored-credentials.js';
import { DataDirLock } from '../process/data-dir-lock.js';
import { KeyChange } from './key-change.js';
import { configuredMasterKey, MasterKeyError, readMasterKeyFile } from '../secrets/master-key.js';
import { SecretBox } from '../secrets/secret-box.js';
import { GIVE_THE_KEY, MASTER_KEY_ID_META } from '../process/store-master-key.js';
import { commitBatch } from '../store/commit-batch.js';
import { openStore } from '../store/open-store.js';
import type { ApiKeyRecord, AuditRecord } from '../store/port.js';
import { cliActor } from './cli-actor.js';
import { OperatorError } from './operator-error.js';

export interface RotationReport {
  readonly from: string;
  readonly to: string;
  /** API key secrets sealed again (revoked keys too: their rows keep a sealed secret); none already under the new key. */
  readonly apiKeys: number;
  /** Whether the demo credentials the store keeps were sealed again too. */
  readonly demoCredentials: boolean;
  /** The saved states (`txc state save`) whose secrets were sealed again. */
  readonly savedStates: readonly string[];
  /** Those left as they were: damaged, or holding a secret neither key opens; they do not load as they are. */
  readonly savedStatesLeft: readonly { readonly name: string; readonly problem: string }[];
  readonly next: string;
}

/**
 * `txc master-key rotate --to <file>`: seals every secret the venue keeps (API key secrets, the demo
 * credentials, in the store and in its saved states) under a new master key, and records that key in
 * the store, in one commit. Only with no server running (it takes the data-dir lock): a server holds
 * the old key and would go on sealing new keys under it. Every secret is opened under the configured
 * key before anything is written, so a wrong key changes nothing; after the commit the store opens
 * only under the new key, which the configuration must then name (a server given the old one stops at
 * start-up, naming the key the store wants). On PostgreSQL it also claims the database (see
 * Store.claim), which a server elsewhere holds. Values already sealed under the new key are left as
 * they are: a rotation cut short, or one that raced a server starting, is completed by running it
 * again from the old key.
 */
export async function rotateMasterKey(config: Config, newKeyFile: string, now = Date.now()): Promise<RotationReport> {
  if (!existsSync(config.dataDir)) throw new OperatorError(`no data dir at ${config.dataDir}`);
  const lock = DataDirLock.acquire(config.dataDir, 'cli');
  try {
    const configured = configuredMasterKey(config);
    if (configured === undefined) {
      throw new MasterKeyError(`no master key is configured: the rotation starts from the store's; ${GIVE_THE_KEY}`);
    }
    const from = SecretBox.fromKey(configured.key);
    const to = SecretBox.fromKey(readMasterKeyFile(newKeyFile).key);
    if (to.keyId === from.keyId) throw new OperatorError(`${newKeyFile} holds the master key in use (${from.keyId})`);
    const change = new KeyChange({ to, from });
    const store = openStore(config);
    try {
      // on PostgreSQL a server the data dir's lock cannot see (another machine, another data dir) holds this
      await store.claim();
      await store.migrate();
      const apiKeys: ApiKeyRecord[] = [];
      for (const { record } of await store.loadApiKeys()) {
        const changed = change.apiKey(record);
        if (changed !== undefined) apiKeys.push(changed.record);
      }
      const meta = new Map<string, string>([[MASTER_KEY_ID_META, to.keyId]]);
      const credentials = await store.getMeta(CREDENTIALS_META);
      const sealedCredentials = credentials === undefined ? undefined : change.credentials(credentials)?.value;
      if (sealedCredentials !== undefined) meta.set(CREDENTIALS_META, sealedCredentials);
      // before the store: a rotation cut short between the two is completed by running it again from the old key
      const states = rewriteSavedStates(statesDirOf(config), (rows) => change.savedRows(rows));
      await store.commit(commitBatch({ apiKeys, meta, audit: auditLines(from.keyId, to.keyId, now) }));
      return {
        from: from.keyId,
        to: to.keyId,
        apiKeys: apiKeys.length,
        demoCredentials: meta.has(CREDENTIALS_META),
        savedStates: states.rewritten,
        savedStatesLeft: states.left,
        next: `start txc with masterKeyFile ${newKeyFile} (--master-key-file, TXC_MASTER_KEY_FILE): the store now opens only under master key ${to.keyId}`,
      };
    } finally {
      await store.close();
    }
  } finally {
    lock.release();
  }
}

/** The rotation in the admin audit log, as the CLI's other operations on the store are. */
function auditLines(from: string, to: string, time: number): AuditRecord[] {
  const line = {
    requestId: randomUUID(),
    time,
    actor: cliActor(),
    ip: null,
    action: 'cli rotateMasterKey',
    target: JSON.stringify({ from, to }),
  };
  return [
    { ...line, stage: 'request', body: null, status: null },
    { ...line, stage: 'response', body: null, status: 200 },
  ];
}
