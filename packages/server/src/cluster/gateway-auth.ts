import type { ErrorName, PrivateEndpoint } from '@txc/sdk';
import type { State } from '@txc/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonLimits } from '../json/exact-json.js';
import { header, keyRefusal, signedNonce } from '../http/plugins/signed-request.js';
import { mayCall } from '../venue/keys/api-keys.js';
import { sendError } from '../http/send-error.js';
import type { RemoteAdmission } from './admission.js';
import type { GatewayKeys } from './gateway-keys.js';

export interface GatewayAuthOptions {
  readonly keys: GatewayKeys;
  /** The gateway's copy of the venue's state (sub-accounts blocked or deleted). */
  readonly state: () => State;
  readonly admission: RemoteAdmission;
  /** Resolves once the gateway's copy has applied `seq`. */
  readonly caughtUp: (seq: number) => Promise<void>;
  readonly jsonLimits: JsonLimits;
  /** The key's allowance shared with the other gateways (Redis), counted once its signature holds. */
  readonly keyAllowance: ((request: FastifyRequest) => Promise<ErrorName | undefined>) | undefined;
}

/** When this gateway received a request (ms): the leader judges its nonce window then, however long it waits. */
export function receivedAt(reply: FastifyReply): number {
  return Date.now() - Math.round(reply.elapsedTime);
}

/**
 * The private scope's authentication on a gateway, for the routes it serves itself: what the venue
 * checks (http/plugins/private-auth.ts) in the same order, the signature and payload here, the key's
 * allowance and the nonce on the leader, so that two gateways cannot both accept one nonce. Where a
 * request fails several checks, the leader's count comes after the payload's checks here: a request
 * refused for its payload spends none of its key's allowance.
 */
export function registerGatewayAuth(app: FastifyInstance, options: GatewayAuthOptions): void {
  const { keys, state, admission, jsonLimits } = options;
  app.decorateRequest('auth', undefined);
  app.addHook('preValidation', async (request, reply) => {
    const endpoint = request.routeOptions.config.endpoint as PrivateEndpoint | undefined;
    if (endpoint === undefined) return;
    const apiKey = header(request, 'x-txc-apikey');
    const signature = header(request, 'x-txc-signature');
    const payload = header(request, 'x-txc-payload');
    if (apiKey === undefined || signature === undefined) return sendError(reply, 'unauthorized');
    const entry = await keys.get(apiKey);
    const refused = keyRefusal(entry, request.ip, state());
    if (refused !== undefined || entry === undefined) return sendError(reply, refused ?? 'unauthorized');
    if (payload === undefined) return sendError(reply, 'payloadNotProvided');
    if (!entry.hmacKey.verifies(payload, signature)) return sendError(reply, 'unauthorized');
    const spent = await options.keyAllowance?.(request);
    if (spent !== undefined) return sendError(reply, spent);
    const signed = signedNonce(request, payload, jsonLimits);
    if (typeof signed === 'string') return sendError(reply, signed);
    const admitted = await admission.admit({ apiKey, path: endpoint.path, ...signed, receivedAt: receivedAt(reply) });
    if (admitted.refused !== undefined) return sendError(reply, admitted.refused);
    await options.caughtUp(admitted.seq);
    if (!mayCall(entry, endpoint)) return sendError(reply, 'permissionDenied');
    request.auth = { apiKey, user: entry.record.user };
  });
}
