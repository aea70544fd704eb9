import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../../../../../send-error.js';
import { MainValidation } from '../../../../../validation/main-validation.js';
import type { ApiKeyEntry } from '../../../../../../venue/keys/api-keys.js';
import type { Venue } from '../../../../../../venue/venue.js';
import { mainCaller } from '../caller.js';
import { callerMayWithdraw, callerSubAccountKey } from './caller-key.js';
import { requiredString } from './api-key-fields.js';

/** What a route does with the key it names: a route that `changes` it (its secret, settings or allow-list). */
export interface KeyUse {
  readonly changes: boolean;
}

/**
 * The key a request to change or read one sub-account key names by `apiKeyId`, with the other fields
 * `readFields` takes from the body, or the refusal already sent. Every such route refuses in the same
 * order: a sub-account caller, then the fields (`apiKeyId` first, so errors list in the body's order),
 * then, on the state after the caller's earlier writes, a key that is not one of the caller's, then a
 * type 2 key that the route changes for a caller whose own key cannot withdraw (400 code 5): a key
 * never hands out more than it holds, so only a caller that may withdraw makes, resets or widens one.
 */
export async function requestedKeyWith<F>(
  venue: Venue,
  request: FastifyRequest,
  reply: FastifyReply,
  readFields: (v: MainValidation) => F | undefined,
  use: KeyUse = { changes: false },
): Promise<{ entry: ApiKeyEntry; fields: F } | undefined> {
  const parent = mainCaller(venue.state, request, reply);
  if (parent === undefined) return undefined;
  const v = new MainValidation(request.body as Record<string, unknown>);
  const apiKeyId = requiredString(v, 'apiKeyId');
  const fields = readFields(v);
  if (v.failed || apiKeyId === undefined || fields === undefined) {
    sendError(reply, 'mainValidation', { errors: v.errors });
    return undefined;
  }
  await venue.barrier();
  const entry = callerSubAccountKey(venue.state, venue.keys, parent, apiKeyId);
  if (entry === undefined) {
    sendError(reply, 'subAccountApiKeyNotFound');
    return undefined;
  }
  if (use.changes && entry.record.permissions.includes('withdraw') && !callerMayWithdraw(venue, request)) {
    sendError(reply, 'subAccountApiKeyTypeNotAllowed');
    return undefined;
  }
  return { entry, fields };
}

/** As requestedKeyWith, for a route whose body names the key and nothing else. */
export async function requestedKey(
  venue: Venue,
  request: FastifyRequest,
  reply: FastifyReply,
  use: KeyUse = { changes: false },
): Promise<ApiKeyEntry | undefined> {
  return (await requestedKeyWith(venue, request, reply, () => ({}), use))?.entry;
}
