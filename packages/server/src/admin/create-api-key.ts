import { PERMISSIONS, type Permission } from '@txc/sdk';
import { AdminError, record, stringList } from './admin-input.js';
import type { CreatedApiKey } from './admin-operations.js';
import { invalidAllowListEntries, MAX_ALLOW_LIST_ENTRIES } from '../venue/keys/ip-allow-list.js';
import type { Venue } from '../venue/venue.js';

/** Keys get every permission but withdrawing unless asked: moving funds out is opt-in. */
export const DEFAULT_KEY_PERMISSIONS: readonly Permission[] = ['trading', 'main-account', 'mining'];

/** `POST /admin/v1/users/:name/api-keys {permissions?, ips?}`: a new key; its secret is answered once. */
export async function createApiKey(venue: Venue, user: string, input: unknown): Promise<CreatedApiKey> {
  const body = record(input ?? {}, ['permissions', 'ips']);
  const permissions = stringList(body, 'permissions') ?? [...DEFAULT_KEY_PERMISSIONS];
  // a key without a permission could sign nothing: asking for one is a mistake, not a choice
  if (permissions.length === 0) {
    throw new AdminError('adminBadRequest', `permissions must name at least one of ${PERMISSIONS.join(', ')}.`);
  }
  const unknown = permissions.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
  if (unknown.length > 0) {
    throw new AdminError(
      'adminBadRequest',
      `Unknown permissions: ${unknown.join(', ')}. Known: ${PERMISSIONS.join(', ')}.`,
    );
  }
  const ips = stringList(body, 'ips') ?? [];
  const badIps = invalidAllowListEntries(ips);
  if (badIps.length > 0) {
    throw new AdminError('adminBadRequest', `ips must be IP addresses or CIDR ranges: ${badIps.join(', ')}.`);
  }
  if (ips.length > MAX_ALLOW_LIST_ENTRIES) {
    throw new AdminError('adminBadRequest', `ips may hold at most ${MAX_ALLOW_LIST_ENTRIES} entries.`);
  }
  if (!venue.state.users.has(user)) throw new AdminError('adminNotFound', `User ${user} not found.`);
  const granted = [...new Set(permissions)] as Permission[];
  const { record: key, secret, durable } = venue.createApiKey(user, granted, [...new Set(ips)]);
  await durable;
  return { apiKey: key.apiKey, apiSecret: secret, permissions: [...key.permissions], ips: [...key.ips] };
}
