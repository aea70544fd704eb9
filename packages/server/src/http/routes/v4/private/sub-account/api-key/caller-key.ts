import { liveSubAccountOf, type State } from '@txc/core';
import type { ApiKeyEntry, ApiKeyRegistry } from '../../../../../../venue/keys/api-keys.js';
import { liveSubAccountKey } from '../../../../../../venue/keys/sub-account-keys.js';

/**
 * The key in force under `id` if it belongs to one of the caller's live sub-accounts: an unknown
 * id, a deleted key and another user's key are all "not found", so that others' ids do not leak.
 */
export function callerSubAccountKey(
  state: State,
  keys: ApiKeyRegistry,
  parent: string,
  id: string,
): ApiKeyEntry | undefined {
  const entry = liveSubAccountKey(keys, id);
  if (entry === undefined) return undefined;
  return liveSubAccountOf(state.subAccounts, parent, entry.record.user) === undefined ? undefined : entry;
}
