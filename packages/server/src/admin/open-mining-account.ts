import { isMiningAccountName } from '@txc/core';
import { AdminError, record, requiredString } from './admin-input.js';
import { refused, type MiningAccountRef } from './mining-refusal.js';
import type { Venue } from '../venue/venue.js';

/** `POST /admin/v1/mining-accounts {user, name}`: opens a mining account for a user. */
export async function openMiningAccount(venue: Venue, input: unknown): Promise<MiningAccountRef> {
  const body = record(input, ['user', 'name']);
  const user = requiredString(body, 'user');
  const name = requiredString(body, 'name');
  if (!isMiningAccountName(name)) {
    throw new AdminError('adminBadRequest', 'name must be 1 to 255 letters, digits or underscores.');
  }
  const { result } = await venue.submit({ type: 'CreateMiningAccount', user, name });
  if (!result.ok) throw refused(result.rejection, user, name);
  return { user, name };
}
