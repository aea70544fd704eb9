import type { ApiKeyRegistry, ApiKeyEntry } from './api-keys.js';

/** Keys one sub-account may hold at once (exchange docs, `sub-account/api-key/create`). */
export const SUB_ACCOUNT_KEY_LIMIT = 50;

/** The key pairs in force of sub-account keys (a reset or deleted pair is revoked), newest key first. */
export function liveSubAccountKeys(keys: ApiKeyRegistry): ApiKeyEntry[] {
  const live = [...keys.all()].filter((e) => e.record.subAccountKey !== undefined && e.record.revokedAt === null);
  return live.sort((a, b) => b.record.subAccountKey!.serial - a.record.subAccountKey!.serial);
}

/** The key pair in force under a sub-account key id, if the key exists and is not deleted. */
export function liveSubAccountKey(keys: ApiKeyRegistry, id: string): ApiKeyEntry | undefined {
  for (const e of keys.all()) if (e.record.subAccountKey?.id === id && e.record.revokedAt === null) return e;
  return undefined;
}

/** The serial of the next sub-account key: above every one made so far, deleted ones included. */
export function nextSubAccountKeySerial(keys: ApiKeyRegistry): number {
  let max = 0;
  for (const e of keys.all()) max = Math.max(max, e.record.subAccountKey?.serial ?? 0);
  return max + 1;
}
