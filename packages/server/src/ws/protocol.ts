import { JsonLimitError, parseExactJson, type JsonLimits } from '../json/exact-json.js';
import { jsonText, RawJson } from './json-text.js';

/**
 * A request id as the client wrote it. Ids are echoed verbatim (websocket spec §1.2): a safe integer
 * as a number, anything longer as its own digits, so that a 64-bit id comes back unchanged.
 */
export type RequestId = number | RawJson | null;

/** One request frame: `{id, method, params}` (websocket spec §1.2). */
export interface WsRequest {
  readonly id: RequestId;
  readonly method: string;
  readonly params: readonly unknown[];
}

/** An error object of an answer frame (websocket spec §3). */
export interface WsErrorBody {
  readonly code: number;
  readonly message: string;
}

/** The documented error codes and messages (websocket spec §3). */
export const WS_ERRORS = {
  invalidArgument: { code: 1, message: 'invalid argument' },
  internal: { code: 2, message: 'internal error' },
  unavailable: { code: 3, message: 'service unavailable' },
  methodNotFound: { code: 4, message: 'method not found' },
  timeout: { code: 5, message: 'service timeout' },
  requireAuthentication: { code: 6, message: 'require authentication' },
  tooManyRequests: { code: 7, message: 'too many requests' },
} as const satisfies Record<string, WsErrorBody>;

/**
 * A request refused with a documented error. `detail` says what was wrong (e.g. `market is
 * invalid`): appended to the documented message, so a client that matches the message's start and
 * one that reads the code both see what they expect (docs/decisions.md, "WebSocket error messages").
 */
export class WsError extends Error {
  override readonly name = 'WsError';

  constructor(
    readonly body: WsErrorBody,
    readonly detail?: string,
  ) {
    super(detail === undefined ? body.message : `${body.message}: ${detail}`);
  }

  get wire(): WsErrorBody {
    return { code: this.body.code, message: this.message };
  }
}

/** `invalid argument` naming the parameter at fault. */
export function invalidArgument(detail: string): WsError {
  return new WsError(WS_ERRORS.invalidArgument, detail);
}

/** A frame that is JSON but not a request: answered with an error, unlike text that is not JSON. */
export interface MalformedRequest {
  readonly malformed: true;
  readonly id: RequestId;
  readonly error: WsError;
}

/** Not JSON at all: the connection closes (websocket spec §1.1). */
export const NOT_JSON = Symbol('not JSON');

const INTEGER = /^-?[0-9]+$/;
/** Digits and a positive exponent: `1e2`, `5E+3`. */
const WHOLE_WITH_EXPONENT = /^-?[0-9]+[eE]\+?[0-9]+$/;

/**
 * The id as the client wrote it. The frame is read exactly (as HTTP bodies are): an integer beyond
 * 2^53 arrives as its own digits, which are echoed as they came; that it was written as a number,
 * not a string, only the plain reading of the same text can tell.
 */
function idOf(value: unknown, text: string): RequestId | undefined {
  // a request without an id is refused, not carried out: its answer could be matched to no request
  // (an order placed by one would stand with nobody told)
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const written = (JSON.parse(text) as Record<string, unknown>).id;
  if (typeof written !== 'number') return undefined;
  // an integer in an exponent's form (`1e2`) is one too, and is echoed as written; a fraction is not,
  // even one a double rounds to an integer (`1.0000000000000001`)
  return INTEGER.test(value) || (WHOLE_WITH_EXPONENT.test(value) && Number.isSafeInteger(written))
    ? new RawJson(value)
    : undefined;
}

/** `text` read by JSON.parse, with no limits; NOT_JSON when it is no JSON. */
function plainJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/**
 * The id of a frame refused for a limit, where JSON.parse reads it exactly (a safe integer) and
 * surely (`"id"` written once: of two, JSON.parse keeps the last, and which one was meant is not
 * known); null otherwise.
 */
function plainId(value: unknown, text: string): RequestId {
  if (text.indexOf('"id"') !== text.lastIndexOf('"id"')) return null;
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

/**
 * Reads one text frame: a request, a malformed request (answered), or NOT_JSON (the socket closes).
 * Read exactly within `limits`, as an HTTP body is: an amount written as a number keeps every digit
 * it was written with (and is refused as REST refuses it), and a key given twice is refused.
 */
export function parseFrame(text: string, limits: JsonLimits): WsRequest | MalformedRequest | typeof NOT_JSON {
  let value: unknown;
  try {
    value = parseExactJson(text, limits);
  } catch (e) {
    // the limits are checked before the syntax: text past a limit that is not JSON either closes the socket
    const plain = e instanceof JsonLimitError ? plainJson(text) : NOT_JSON;
    if (plain === NOT_JSON) return NOT_JSON;
    // answered with its id, so that the client can tell which of its requests was refused
    return { malformed: true, id: plainId(plain, text), error: invalidArgument((e as JsonLimitError).message) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { malformed: true, id: null, error: invalidArgument('a request is a JSON object') };
  }
  const frame = value as Record<string, unknown>;
  const id = idOf(frame.id, text);
  if (id === undefined) return { malformed: true, id: null, error: invalidArgument('id must be an integer') };
  if (typeof frame.method !== 'string') {
    return { malformed: true, id, error: new WsError(WS_ERRORS.methodNotFound, 'method must be a string') };
  }
  // "params is always an array" (websocket spec §1.2): a missing one is not read as none
  if (!Array.isArray(frame.params)) return { malformed: true, id, error: invalidArgument('params must be an array') };
  return { id, method: frame.method, params: frame.params };
}

/** `{"id":…,"result":…,"error":null}`. */
export function resultFrame(id: RequestId, result: unknown): string {
  return `{"id":${jsonText(id)},"result":${jsonText(result)},"error":null}`;
}

/** `{"id":…,"result":null,"error":{code,message}}`. */
export function errorFrame(id: RequestId, error: WsError): string {
  return `{"id":${jsonText(id)},"result":null,"error":${jsonText(error.wire)}}`;
}

/** `{"id":null,"method":"<channel>_update","params":…}`, params already serialized. */
export function pushFrame(method: string, paramsText: string): string {
  return `{"id":null,"method":${JSON.stringify(method)},"params":${paramsText}}`;
}

/** The answer every successful subscribe and unsubscribe gets. */
export const SUCCESS = Object.freeze({ status: 'success' });
