import { AdminError, record, requiredString } from './admin-input.js';
import { rejected } from './refusal.js';
import { userNameProblem } from '../venue/user-name.js';
import type { Venue } from '../venue/venue.js';

/** `POST /admin/v1/users {name, eea?}`: opens a user (no keys, no balances). */
export async function createUser(venue: Venue, input: unknown): Promise<{ name: string; eea: boolean }> {
  const body = record(input, ['name', 'eea']);
  const name = requiredString(body, 'name');
  const problem = userNameProblem(name);
  if (problem !== undefined) throw new AdminError('adminBadRequest', problem);
  const eea = body.eea ?? false;
  if (typeof eea !== 'boolean') throw new AdminError('adminBadRequest', 'eea must be a boolean.');
  const { result } = await venue.submit({ type: 'CreateUser', name, eea });
  if (!result.ok) throw rejected(result.rejection);
  return result.value;
}
