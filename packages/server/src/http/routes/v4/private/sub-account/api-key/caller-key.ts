import { liveSubAccountOf, type State } from '@txc/core';
import type { FastifyRequest } from 'fastify';
import type { Venue } from '../../../../../../venue/venue.js';
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

/**
 * Whether the key that signed `request` may withdraw: a key never hands out more than it holds, so
 * only such a caller creates a type 2 key or changes one (its secret, settings or allow-list).
 */
export function callerMayWithdraw(venue: Venue, request: FastifyRequest): boolean {
  return venue.keys.get(request.auth?.apiKey ?? '')?.permissions.has('withdraw') === true;
}
