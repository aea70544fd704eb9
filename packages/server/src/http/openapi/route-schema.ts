import { groupOf, PrivateErrorBody, PublicErrorBody, type Endpoint } from '@txc/sdk';
import type { FastifySchema } from 'fastify';
import type { TSchema } from 'typebox';

/** The three headers of a signed request (spec §5), as OpenAPI security schemes; all three are required together. */
export const SECURITY_SCHEMES = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-TXC-APIKEY',
    description: 'The public API key.',
  },
  payload: {
    type: 'apiKey',
    in: 'header',
    name: 'X-TXC-PAYLOAD',
    description: 'Base64 of the JSON body, which carries `request` (the path) and `nonce`.',
  },
  signature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-TXC-SIGNATURE',
    description: 'Lowercase hex HMAC-SHA512 of the X-TXC-PAYLOAD text, keyed with the API secret.',
  },
} as const;

const PUBLIC_ERRORS =
  'Every public error: 404 unknown route, 405 wrong method, 422 bad parameter (e.g. `Market is not available.`), ' +
  '429 rate limit.';
const PRIVATE_ERRORS =
  'Every private error: 400 payload, nonce or main-account validation (code 9 or 0), 401 `Unauthorized request.` ' +
  '(code 10), 403 key not allowed (code 2 or 4), 404 unknown route or record (`API key not found`), 422 order validation (code 30 family) or inner validation, ' +
  '429 `Too many requests.` (stale nonce or rate limit).';

/**
 * A deep copy as plain JSON Schema 2020-12 (the dialect of OpenAPI 3.1), so that documentation tools
 * never touch the contract's own schema objects: tuples written as `items: [...]` become `prefixItems`.
 */
export function plain(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema), (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const node = value as Record<string, unknown>;
    if (!Array.isArray(node.items)) return node;
    const { items, additionalItems, ...rest } = node;
    return { ...rest, prefixItems: items, ...(additionalItems === false ? { items: false } : {}) };
  }) as Record<string, unknown>;
}

function response(description: string, schema: TSchema): Record<string, unknown> {
  return { ...plain(schema), description };
}

/** The error bodies, shared by every route as components of the document. */
export const ERROR_SCHEMAS = [
  { $id: 'PublicError', ...plain(PublicErrorBody) },
  { $id: 'PrivateError', ...plain(PrivateErrorBody) },
];

function errorResponse(description: string, family: 'PublicError' | 'PrivateError'): Record<string, unknown> {
  return { description, $ref: `${family}#` };
}

/** `getPublicOrderbookMarket`, `postOrderNew`, `getV1PublicTicker`: stable names for generated clients. */
export function operationId(endpoint: Endpoint): string {
  const words = endpoint.path
    .replace(/^\/api\/v4\//, '')
    .replace(/^\/api\//, '')
    .split(/[/_\-:]+/)
    .filter((w) => w !== '');
  return endpoint.method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/**
 * The route schema an endpoint registers: documentation only. The API's routes validate by hand with
 * the reference's exact messages, so the app compiles these schemas to no-op validators and plain
 * JSON serializers (see openapi-plugin.ts).
 */
export function routeSchema(endpoint: Endpoint): FastifySchema {
  const common = {
    summary: endpoint.summary,
    operationId: operationId(endpoint),
    tags: [groupOf(endpoint)],
    ...(endpoint.follows === undefined ? {} : { description: `Follows ${endpoint.follows}.` }),
  };
  if (endpoint.kind === 'public') {
    return {
      ...common,
      ...(endpoint.params === undefined ? {} : { params: plain(endpoint.params) }),
      ...(endpoint.query === undefined ? {} : { querystring: plain(endpoint.query) }),
      response: {
        200: response('Success', endpoint.response),
        '4xx': errorResponse(PUBLIC_ERRORS, 'PublicError'),
        '5xx': errorResponse('503 store unavailable, 500 internal error.', 'PublicError'),
      },
    };
  }
  return {
    ...common,
    security: [{ apiKey: [], payload: [], signature: [] }],
    body: plain(endpoint.request),
    response: {
      [endpoint.successStatus]: response('Success', endpoint.response),
      '4xx': errorResponse(PRIVATE_ERRORS, 'PrivateError'),
      '5xx': errorResponse('503 store unavailable (writes refused), 500 internal error.', 'PrivateError'),
    },
  };
}
