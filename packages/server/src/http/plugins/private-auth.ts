import type { ErrorName, PrivateEndpoint } from '@txc/sdk';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Venue } from '../../venue/venue.js';
import type { JsonLimits } from '../../json/exact-json.js';
import type { RateLimiter } from '../rate-limiter.js';
import type { ConfiguredRateRules } from '../configured-rate-rules.js';
import { admitKeyRequest } from '../key-admission.js';
import { sendError } from '../send-error.js';
import { header, keyRefusal, signedNonce } from './signed-request.js';
import { mayCall } from '../../venue/keys/api-keys.js';

export interface PrivateAuthOptions {
  readonly venue: Venue;
  readonly limiter: RateLimiter;
  /** The rate limits as configured: a key's counter per endpoint group (keyCounter). */
  readonly rules: ConfiguredRateRules;
  readonly jsonLimits: JsonLimits;
  /**
   * A cluster's leader: requests a gateway has already checked the signature of arrive with this
   * secret of the process in `x-txc-gateway` (cluster/request-responder.ts), and are not checked twice.
   */
  readonly gatewayMark?: string;
}

/** The header a cluster's leader finds its gateway mark in. */
export const GATEWAY_MARK_HEADER = 'x-txc-gateway';

/** Beside the mark: when the gateway received the request (ms), which its nonce window is judged at. */
export const GATEWAY_RECEIVED_HEADER = 'x-txc-gateway-received';

/** The time a marked request's gateway received it, if it says. */
function receivedAt(value: string | string[] | undefined): number | undefined {
  const ms = typeof value === 'string' ? Number(value) : NaN;
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/**
 * Authentication of private requests (spec §5, reference §1): key, signature over the base64
 * payload text, payload against body, `request` against the path called, nonce, permission.
 * Checked in that order; each failure answers the reference's code, message and status.
 */
export function registerPrivateAuth(app: FastifyInstance, options: PrivateAuthOptions): void {
  const { venue, limiter, rules, jsonLimits, gatewayMark } = options;
  app.decorateRequest('auth', undefined);

  const fail = (reply: FastifyReply, name: ErrorName): FastifyReply => sendError(reply, name);

  app.addHook('preValidation', (request, reply, done) => {
    const endpoint = request.routeOptions.config.endpoint as PrivateEndpoint | undefined;
    if (endpoint === undefined) return done();
    if (!venue.writable) return fail(reply, 'privateUnavailable');

    const apiKey = header(request, 'x-txc-apikey');
    const signature = header(request, 'x-txc-signature');
    const payload = header(request, 'x-txc-payload');
    if (apiKey === undefined || signature === undefined) return fail(reply, 'unauthorized');
    const entry = venue.keys.get(apiKey);
    const refused = keyRefusal(entry, request.ip, venue.state);
    if (refused !== undefined || entry === undefined) return fail(reply, refused ?? 'unauthorized');
    if (payload === undefined) return fail(reply, 'payloadNotProvided');

    const checked = gatewayMark !== undefined && request.headers[GATEWAY_MARK_HEADER] === gatewayMark;
    if (!checked && !entry.hmacKey.verifies(payload, signature)) return fail(reply, 'unauthorized');

    const signed = signedNonce(request, payload, jsonLimits);
    if (typeof signed === 'string') return fail(reply, signed);
    // a copy only for what a gateway forwarded: no object more on a request served here
    const atGateway = checked
      ? { ...signed, receivedAtMs: receivedAt(request.headers[GATEWAY_RECEIVED_HEADER]) }
      : signed;
    const refusal = admitKeyRequest(venue, limiter, rules, entry, endpoint, atGateway);
    if (refusal !== undefined) return fail(reply, refusal);

    if (!mayCall(entry, endpoint)) return fail(reply, 'permissionDenied');
    entry.lastUsedAt = venue.clock.nowMs();
    request.auth = { apiKey, user: entry.record.user };
    done();
  });
}
