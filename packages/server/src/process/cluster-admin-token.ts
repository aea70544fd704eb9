import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import { unlessFenced } from '../store/fenced.js';
import type { Store } from '../store/port.js';
import { SecretBox } from '../secrets/secret-box.js';
import type { MasterKey } from '../secrets/master-key.js';
import type { AdminToken } from './admin-token.js';

/**
 * The store's meta entry that says which admin token a cluster takes: `<master key id>:<HMAC of the
 * token under that key>`. Never the token: whoever reads the database must not learn it, nor test
 * guesses of it without the master key.
 */
export const ADMIN_TOKEN_DIGEST_META = 'cluster.admin-token-digest';

export class AdminTokenError extends Error {
  override readonly name = 'AdminTokenError';
}

/** The digest of `token` as the store records it, under `masterKey`. */
export function adminTokenDigest(masterKey: Buffer, token: string): string {
  const keyId = SecretBox.fromKey(masterKey).keyId;
  return `${keyId}:${createHmac('sha256', masterKey).update('txc cluster admin token\0').update(token).digest('hex')}`;
}

/** Digests are compared under one key only: a master key rotated since the record makes it stale. */
function keyIdOf(digest: string): string {
  return digest.split(':', 1)[0]!;
}

function refusal(token: AdminToken, role: string): AdminTokenError {
  if (token.generated && token.path !== undefined) rmSync(token.path, { force: true });
  const made = token.generated ? ', made at this start and now removed,' : '';
  return new AdminTokenError(
    `this ${role}'s admin token${made} is not the one this cluster's store records: ` +
      'give every process of the cluster the same admin token (TXC_ADMIN_TOKEN, or --admin-token)',
  );
}

/**
 * Checks an engine node's admin token against the one the cluster's store records, recording its own
 * when none is (in one statement that inserts it only if no digest is recorded yet, so that of nodes
 * started together one decides), and answers the node's digest. Without it, a standby started with
 * another token, or none, would lead after a failover and refuse the token every operator and tool of
 * the cluster uses.
 */
export async function claimClusterAdminToken(store: Store, masterKey: MasterKey, token: AdminToken): Promise<string> {
  const digest = adminTokenDigest(masterKey.key, token.token);
  let recorded = await store.getMeta(ADMIN_TOKEN_DIGEST_META);
  if (recorded === undefined) {
    const inserted = await unlessFenced(() =>
      store.db
        .insertInto('meta')
        .values({ key: ADMIN_TOKEN_DIGEST_META, value: digest })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute(),
    );
    if (!inserted) return digest;
    recorded = await store.getMeta(ADMIN_TOKEN_DIGEST_META);
  } else if (keyIdOf(recorded) !== keyIdOf(digest)) {
    // recorded under a master key rotated away since: the first node on the new key records it again
    const stale = recorded;
    const replaced = await unlessFenced(() =>
      store.db
        .updateTable('meta')
        .set({ value: digest })
        .where('key', '=', ADMIN_TOKEN_DIGEST_META)
        .where('value', '=', stale)
        .execute(),
    );
    if (!replaced) return digest;
    recorded = await store.getMeta(ADMIN_TOKEN_DIGEST_META);
  }
  if (recorded === undefined || recorded === digest) return digest;
  throw refusal(token, 'node');
}

/**
 * A gateway checks its admin token as an engine node does, and records nothing: it guards its own
 * `/metrics` with it, and the CLI run on its data dir sends it to the leader, so a token the leader
 * refuses would fail both.
 */
export async function checkClusterAdminToken(store: Store, masterKey: Buffer, token: AdminToken): Promise<void> {
  const recorded = await store.getMeta(ADMIN_TOKEN_DIGEST_META);
  const digest = adminTokenDigest(masterKey, token.token);
  if (recorded === undefined || keyIdOf(recorded) !== keyIdOf(digest) || recorded === digest) return;
  throw refusal(token, 'gateway');
}

/**
 * What a node that has just taken the lease records when the store has no digest under its master key:
 * nodes started beside a leader could not write it (the lease fences them), and the leader can.
 */
export function adminTokenToRecord(recorded: string | undefined, digest: string): boolean {
  return recorded === undefined || keyIdOf(recorded) !== keyIdOf(digest);
}
