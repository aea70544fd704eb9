import type { State } from '@txc/core';
import type { ApiKeyEntry } from '../../../../../../venue/keys/api-keys.js';
import { callableEndpoints } from '../../../../../../venue/keys/endpoint-access.js';

/**
 * A sub-account key as the docs' `SubAccountApiKey` shows it, with its secret (create and reset), or
 * as `SubAccountApiKeyList` does without one (`apiSecret` empty, `type` as text). A restricted key
 * lists every endpoint it may call, so that what the list says is what the key can do.
 */
export function subAccountKeyBody(state: State, entry: ApiKeyEntry, secret?: string): Record<string, unknown> {
  const { record } = entry;
  const profile = record.subAccountKey!;
  const restrictAccess = profile.urls.length > 0;
  return {
    subAccountId: record.user,
    id: profile.id,
    title: profile.title,
    isEnabled: state.subAccounts.get(record.user)?.status === 'active',
    apiKey: record.apiKey,
    apiSecret: secret ?? '',
    type: secret === undefined ? String(profile.type) : profile.type,
    lastActivity: Math.floor(entry.lastUsedAt / 1000),
    restrictAccess,
    accessEndpoints: restrictAccess
      ? callableEndpoints(entry.permissions, entry.access).map((e) => ({ name: e.path, title: e.summary }))
      : [],
  };
}
