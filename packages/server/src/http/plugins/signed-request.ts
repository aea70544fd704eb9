import type { State } from '@txc/core';
import type { ErrorName } from '@txc/sdk';
import type { FastifyRequest } from 'fastify';
import { accountBlocked, type ApiKeyEntry } from '../../venue/keys/api-keys.js';
import { parseExactJson, type JsonLimits } from '../../json/exact-json.js';
import type { SignedNonce } from '../key-admission.js';
import { jsonEqual } from '../validation/json-equal.js';

/** Reading a signed private request (spec §5): its headers, its nonce, the path it names, its payload. */

const NONCE_TEXT = /^[0-9]{1,16}$/;

export function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function parseNonce(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value === 'string' && NONCE_TEXT.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
  }
  return undefined;
}

/** The path the client called, as it sent it (a trailing slash included), without the query. */
function calledPath(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

function payloadMatchesBody(request: FastifyRequest, payloadBase64: string, limits: JsonLimits): boolean {
  const decoded = Buffer.from(payloadBase64, 'base64').toString('utf8');
  if (decoded === request.rawBody) return true;
  // A body formatted differently from the payload is accepted when both are the same JSON value.
  let signed: unknown;
  try {
    signed = parseExactJson(decoded, limits);
  } catch {
    return false;
  }
  return jsonEqual(signed, request.body);
}

/**
 * Why a key may not sign at all, before its signature is checked: unknown or revoked, the address
 * not on its allow-list, or its sub-account blocked or deleted (docs/decisions.md).
 */
export function keyRefusal(entry: ApiKeyEntry | undefined, ip: string, state: State): ErrorName | undefined {
  if (entry === undefined || entry.record.revokedAt !== null) return 'unauthorized';
  if (!entry.ips.allows(ip)) return 'keyDisabled';
  if (accountBlocked(state, entry.record.user)) return 'keyDisabled';
  return undefined;
}

/**
 * The checks of a signed body, in the reference's order: the payload is the body, the body an
 * object, `request` names the path called (so that a signed request cannot be replayed elsewhere),
 * then the nonce and `nonceWindow`. Answers the nonce, or the refusal.
 */
export function signedNonce(request: FastifyRequest, payload: string, limits: JsonLimits): SignedNonce | ErrorName {
  if (!payloadMatchesBody(request, payload, limits)) return 'invalidPayload';
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'invalidPayload';
  const fields = body as Record<string, unknown>;
  if (fields.request === undefined || fields.request === null || fields.request === '') return 'requestNotProvided';
  if (fields.request !== calledPath(request.url)) return 'unauthorized';
  if (fields.nonce === undefined || fields.nonce === null || fields.nonce === '') return 'nonceNotProvided';
  const nonce = parseNonce(fields.nonce);
  if (nonce === undefined) return 'invalidNonce';
  const nonceWindow = fields.nonceWindow ?? false;
  if (typeof nonceWindow !== 'boolean') return 'invalidNonceWindow';
  return { nonce, nonceWindow };
}
