import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import type { Config } from '../config/schema.js';
import { CREDENTIALS_META } from '../demo/stored-credentials.js';
import { unlessFenced } from '../store/fenced.js';
import { NewerStoreError } from '../store/newer-store-error.js';
import type { Store } from '../store/port.js';
import type { Venue } from '../venue/venue.js';
import { configuredMasterKey, generateMasterKey, MasterKeyError, type MasterKey } from '../secrets/master-key.js';
import { KEY_ID_LENGTH, SEALED_PREFIX, SecretBox } from '../secrets/secret-box.js';
import { MASTER_KEY_ID_META } from '../secrets/master-key-id-meta.js';

export { MASTER_KEY_ID_META };

/** Where a refusal sends the operator: every way a master key reaches txc. */
export const GIVE_THE_KEY =
  'give it with --master-key-file or TXC_MASTER_KEY_FILE (or TXC_MASTER_KEY), or give the configuration that names it with --config or TXC_CONFIG';

/** What an operator who lost the key can do: said where a store refuses the key it is given. */
const IF_LOST = 'if that key is lost, `txc master-key forget` drops what it sealed (docs/operations.md, "Backups")';

/** The same for a process joining a cluster: the key exists, on the cluster's other processes. */
const IN_A_CLUSTER =
  "every process of a cluster takes the cluster's key: give this one the key its engine nodes run with";

/**
 * The master keys a store's secrets are sealed under: the one it records, and those its sealed values
 * name (stores written before the record, and a rotation cut short). Reads only. Empty for a store no
 * txc has migrated yet; a store a newer txc migrated is refused before it is read.
 */
export async function sealingKeyIds(store: Store): Promise<Set<string>> {
  const { applied, unknown } = await store.pendingMigrations();
  if (unknown.length > 0) throw new NewerStoreError(unknown);
  const ids = new Set<string>();
  if (applied === 0) return ids;
  const recorded = await store.getMeta(MASTER_KEY_ID_META);
  if (recorded !== undefined) ids.add(recorded);
  const credentials = await store.getMeta(CREDENTIALS_META);
  const credentialsKey = credentials === undefined ? undefined : SecretBox.keyIdOf(credentials);
  if (credentialsKey !== undefined) ids.add(credentialsKey);
  // `txc1.<key id>.…`: the id, once per key, however many secrets it sealed
  const { rows } = await sql<{ id: string }>`
    select distinct substr(secret, ${SEALED_PREFIX.length + 1}, ${KEY_ID_LENGTH}) as id from api_keys
    where substr(secret, 1, ${SEALED_PREFIX.length}) = ${SEALED_PREFIX}`.execute(store.db);
  for (const { id } of rows) ids.add(id);
  return ids;
}

/**
 * The master key to open `store` with, checked before anything is written: the configured one, which
 * must be the key every secret of the store is sealed under; or, for a store that names no key yet
 * (a new venue) and where `generate` allows it (`txc serve`), one generated into the data dir. Never a
 * new key for a store that names one: its secrets would be unreadable, and every key sealed from then
 * on sealed under a key the venue's configuration does not know.
 */
export async function masterKeyFor(
  store: Store,
  config: Pick<Config, 'dataDir' | 'masterKey' | 'masterKeyFile'>,
  options: { readonly generate: boolean; readonly cluster?: boolean },
): Promise<MasterKey> {
  const configured = configuredMasterKey(config);
  const ifLost = options.cluster === true ? IN_A_CLUSTER : IF_LOST;
  const sealedUnder = [...(await sealingKeyIds(store))];
  if (configured === undefined) {
    if (sealedUnder.length > 0) {
      throw new MasterKeyError(
        `the store's secrets are sealed under master key ${sealedUnder.join(', ')}, and no master key is configured: ${GIVE_THE_KEY}; ${ifLost}`,
      );
    }
    if (!options.generate) {
      throw new MasterKeyError(
        `no master key is configured, and the store names none yet: ${GIVE_THE_KEY} (txc serve makes one for a new venue)`,
      );
    }
    return generateMasterKey(config.dataDir);
  }
  const id = SecretBox.fromKey(configured.key).keyId;
  const others = sealedUnder.filter((k) => k !== id);
  if (others.length > 0) {
    throw new MasterKeyError(
      `the store's secrets are sealed under master key ${others.join(', ')}, but the configured master key is ${id}: ` +
        `configure the key this store was written with (${GIVE_THE_KEY}); ${ifLost}`,
    );
  }
  return configured;
}

/**
 * The master key of a cluster, as its store records it: the first engine node to start on a new
 * cluster records the id of its key, in one statement that inserts it only if no id is recorded yet,
 * and every node whose key is another one is refused. Nodes starting together without a key each make
 * one of their own: without this, each would seal the API keys it creates under its own. A key this
 * start generated and that lost is removed from the data dir: nothing was sealed under it.
 */
export async function claimClusterMasterKey(store: Store, masterKey: MasterKey): Promise<void> {
  const keyId = SecretBox.fromKey(masterKey.key).keyId;
  let recorded = await store.getMeta(MASTER_KEY_ID_META);
  if (recorded === undefined) {
    const inserted = await unlessFenced(() =>
      store.db
        .insertInto('meta')
        .values({ key: MASTER_KEY_ID_META, value: keyId })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute(),
    );
    // a leader of a version that did not record it leads: it decides, and the sealed keys were checked
    if (!inserted) return;
    recorded = await store.getMeta(MASTER_KEY_ID_META);
  }
  if (recorded === undefined || recorded === keyId) return;
  if (masterKey.generated && masterKey.path !== undefined) rmSync(masterKey.path, { force: true });
  const made = masterKey.generated ? ' (made at this start, now removed)' : '';
  throw new MasterKeyError(
    `this cluster's store records master key ${recorded}, and this node's is ${keyId}${made}: ` +
      `give every process of the cluster the key ${recorded} (TXC_MASTER_KEY, or TXC_MASTER_KEY_FILE)`,
  );
}

/** Records in the store the key the venue seals under, so that a start or a command without it is refused. */
export async function recordMasterKeyId(venue: Venue): Promise<void> {
  if ((await venue.store.getMeta(MASTER_KEY_ID_META)) === venue.secrets.keyId) return;
  await venue.setMeta(MASTER_KEY_ID_META, venue.secrets.keyId);
}
