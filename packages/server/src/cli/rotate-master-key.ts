import type { Config } from '../config/schema.js';
import { configuredMasterKey, MasterKeyError, readMasterKeyFile } from '../secrets/master-key.js';
import { SecretBox } from '../secrets/secret-box.js';
import { GIVE_THE_KEY } from '../process/store-master-key.js';
import { applyKeyChange, withStoreAlone } from './apply-key-change.js';
import { KeyChange } from './key-change.js';
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
 * the store, in one commit. Only with no server running (withStoreAlone): a server holds the old key
 * and would go on sealing new keys under it. Every secret is opened under the configured key before
 * anything is written, so a wrong key changes nothing; after the commit the store opens only under
 * the new key, which the configuration must then name (a server given the old one stops at start-up,
 * naming the key the store wants). A rotation cut short, or one that raced a server starting, is
 * completed by running it again from the old key.
 */
export async function rotateMasterKey(config: Config, newKeyFile: string, now = Date.now()): Promise<RotationReport> {
  return withStoreAlone(config, async (store) => {
    const configured = configuredMasterKey(config);
    if (configured === undefined) {
      throw new MasterKeyError(`no master key is configured: the rotation starts from the store's; ${GIVE_THE_KEY}`);
    }
    const from = SecretBox.fromKey(configured.key);
    const to = SecretBox.fromKey(readMasterKeyFile(newKeyFile).key);
    if (to.keyId === from.keyId) throw new OperatorError(`${newKeyFile} holds the master key in use (${from.keyId})`);
    const audit = { action: 'cli rotateMasterKey', target: { from: from.keyId, to: to.keyId }, body: null };
    const made = await applyKeyChange(store, config, new KeyChange({ to, from }), () => audit, now);
    return {
      from: from.keyId,
      to: to.keyId,
      apiKeys: made.apiKeys.length,
      demoCredentials: made.credentials !== undefined,
      savedStates: made.savedStates.rewritten,
      savedStatesLeft: made.savedStates.left,
      next: `start txc with masterKeyFile ${newKeyFile} (--master-key-file, TXC_MASTER_KEY_FILE): the store now opens only under master key ${to.keyId}`,
    };
  });
}
