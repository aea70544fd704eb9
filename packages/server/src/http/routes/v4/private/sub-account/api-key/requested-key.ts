import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../../../../../send-error.js';
import { MainValidation } from '../../../../../validation/main-validation.js';
import type { ApiKeyEntry } from '../../../../../../venue/keys/api-keys.js';
import type { Venue } from '../../../../../../venue/venue.js';
import { mainCaller } from '../caller.js';
import { callerSubAccountKey } from './caller-key.js';
import { requiredString } from './api-key-fields.js';

/**
 * The key a request to change or read one sub-account key names by `apiKeyId`, with the other fields
 * `readFields` takes from the body, or the refusal already sent. Every such route refuses in the same
 * order: a sub-account caller, then the fields (`apiKeyId` first, so errors list in the body's order),
 * then, on the state after the caller's earlier writes, a key that is not one of the caller's.
 */
export async function requestedKeyWith<F>(
  venue: Venue,
  request: FastifyRequest,
  reply: FastifyReply,
  readFields: (v: MainValidation) => F | undefined,
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
  return { entry, fields };
}

/** As requestedKeyWith, for a route whose body names the key and nothing else. */
export async function requestedKey(
  venue: Venue,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ApiKeyEntry | undefined> {
  return (await requestedKeyWith(venue, request, reply, () => ({})))?.entry;
}
