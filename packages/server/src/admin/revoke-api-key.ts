import { AdminError } from './admin-input.js';
import type { Venue } from '../venue/venue.js';

/** `DELETE /admin/v1/api-keys/:apiKey`: the key signs nothing from now on. */
export async function revokeApiKey(venue: Venue, apiKey: string): Promise<{ revoked: true }> {
  const entry = venue.keys.get(apiKey);
  if (entry === undefined) throw new AdminError('adminNotFound', 'API key not found.');
  if (entry.record.revokedAt !== null) throw new AdminError('adminConflict', 'API key is already revoked.');
  await venue.revokeApiKey(entry.record);
  return { revoked: true };
}
