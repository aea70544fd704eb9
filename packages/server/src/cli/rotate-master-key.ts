import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Config } from '../config/schema.js';
import { CREDENTIALS_CONTEXT, CREDENTIALS_META } from '../demo/seed.js';
import { DataDirLock } from '../process/data-dir-lock.js';
import { readMasterKeyFile, resolveMasterKey } from '../secrets/master-key.js';
import { SecretBox } from '../secrets/secret-box.js';
import { commitBatch } from '../store/commit-batch.js';
import { openStore } from '../store/open-store.js';
import type { ApiKeyRecord, AuditRecord } from '../store/port.js';
import { secretContext } from '../venue/keys/api-keys.js';
import { cliActor } from './cli-actor.js';
import { OperatorError } from './operator-error.js';

export interface RotationReport {
  readonly from: string;
  readonly to: string;
  /** API key secrets sealed again (revoked keys too: their rows keep a sealed secret); none already under the new key. */
  readonly apiKeys: number;
  /** Whether the demo credentials the store keeps were sealed again too. */
  readonly demoCredentials: boolean;
  readonly next: string;
}

/**
 * `txc master-key rotate --to <file>`: seals every secret the store keeps (API key secrets, the demo
 * credentials) under a new master key, in one commit. Only with no server running (it takes the
 * data-dir lock): a server holds the old key and would go on sealing new keys under it. Every
 * secret is opened under the configured key before anything is written, so a wrong key changes
 * nothing; after the commit the store opens only under the new key, which the configuration must
 * then name (a server given the old one stops at start-up, naming the key the store wants). On
 * PostgreSQL it also claims the database (see Store.claim), which a server elsewhere holds. Values
 * already sealed under the new key are left as they are: a rotation cut short, or one that raced a
 * server starting, is completed by running it again from the old key.
 */
export async function rotateMasterKey(config: Config, newKeyFile: string, now = Date.now()): Promise<RotationReport> {
  if (!existsSync(config.dataDir)) throw new OperatorError(`no data dir at ${config.dataDir}`);
  const lock = DataDirLock.acquire(config.dataDir, 'cli');
  try {
    const from = SecretBox.fromKey(resolveMasterKey(config, { generate: false }).key);
    const to = SecretBox.fromKey(readMasterKeyFile(newKeyFile).key);
    if (to.keyId === from.keyId) throw new OperatorError(`${newKeyFile} holds the master key in use (${from.keyId})`);
    const store = openStore(config);
    try {
      // on PostgreSQL a server the data dir's lock cannot see (another machine, another data dir) holds this
      await store.claim();
      await store.migrate();
      // a stored value sealed under the new key, or undefined when it already is
      const resealed = (stored: string, context: string): string | undefined =>
        SecretBox.keyIdOf(stored) === to.keyId ? undefined : to.seal(reopen(from, stored, context), context);
      const apiKeys: ApiKeyRecord[] = [];
      for (const { record } of await store.loadApiKeys()) {
        const sealedSecret = resealed(record.sealedSecret, secretContext(record.apiKey));
        if (sealedSecret !== undefined) apiKeys.push({ ...record, sealedSecret });
      }
      const meta = new Map<string, string>();
      const credentials = await store.getMeta(CREDENTIALS_META);
      const sealedCredentials = credentials === undefined ? undefined : resealed(credentials, CREDENTIALS_CONTEXT);
      if (sealedCredentials !== undefined) meta.set(CREDENTIALS_META, sealedCredentials);
      await store.commit(commitBatch({ apiKeys, meta, audit: auditLines(from.keyId, to.keyId, now) }));
      return {
        from: from.keyId,
        to: to.keyId,
        apiKeys: apiKeys.length,
        demoCredentials: meta.has(CREDENTIALS_META),
        next: `start txc with masterKeyFile ${newKeyFile} (--master-key-file, TXC_MASTER_KEY_FILE): the store now opens only under master key ${to.keyId}`,
      };
    } finally {
      await store.close();
    }
  } finally {
    lock.release();
  }
}

/** A secret as the store keeps it: sealed, or in plaintext in a store written before sealing. */
function reopen(box: SecretBox, stored: string, context: string): string {
  return SecretBox.isSealed(stored) ? box.open(stored, context) : stored;
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
