import type { FastifyRequest } from 'fastify';
import { parseExactJson, type JsonLimits } from '../exact-json.js';
import { jsonEqual } from '../validation/json-equal.js';

/** Reading a signed private request (spec §5): its headers, its nonce, the path it names, its payload. */

const NONCE_TEXT = /^[0-9]{1,16}$/;

export function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export function parseNonce(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value === 'string' && NONCE_TEXT.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
  }
  return undefined;
}

/** The path the client called, as it sent it (a trailing slash included), without the query. */
export function calledPath(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function payloadMatchesBody(request: FastifyRequest, payloadBase64: string, limits: JsonLimits): boolean {
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
