import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ENDPOINT_GROUPS, ENDPOINTS, groupOf } from '@txc/sdk';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { ADMIN_SECURITY_SCHEME, ADMIN_TAG } from './admin-security.js';
import { ERROR_SCHEMAS, routeSchema, SECURITY_SCHEMES } from './route-schema.js';

const DESCRIPTION = [
  'The exchange HTTP API V4 as txc serves it. Public endpoints are `GET` with a query string; private',
  'endpoints are `POST` with a JSON body that carries `request` (the path called) and `nonce` (increasing',
  'per key, or a millisecond timestamp within ±5 s with `nonceWindow: true`), signed with the three',
  '`X-TXC-*` headers. Public errors answer `{"success":false,"message":"…","params":[]}`; private errors',
  'answer `{"code":…,"message":"…","errors":{…}}`. This document is generated from the schemas the',
  "routes register (the SDK's contract).",
].join(' ');

/**
 * The page's request interceptor, written into the page as its source text: it hands every "Try it
 * out" request to the signing script (assets/docs-signing.js), which signs the private ones.
 */
const signingInterceptor = <R extends object>(request: R): R | Promise<R> =>
  (globalThis as { txcDocsSigning?: { sign<T>(r: T): Promise<T> } }).txcDocsSigning?.sign(request) ?? request;

let signingScript: string | undefined;
/** The browser script of the page's signing form, read once (from the package's assets/, beside src/ and dist/). */
function docsSigningScript(): string {
  signingScript ??= readFileSync(new URL('../../../assets/docs-signing.js', import.meta.url), 'utf8');
  return signingScript;
}

/**
 * Route schemas document and nothing else (see registerOpenApi): given to Fastify as its schema
 * compilers, so that it never loads a JSON Schema validator or serializer compiler at start-up. (Its
 * types describe Ajv's validators, which these never stand in for: a validator here only says yes.)
 */
export const DOCUMENTATION_ONLY_SCHEMAS = {
  compilersFactory: {
    buildValidator: () => () => () => true,
    buildSerializer: () => () => (data: unknown) => JSON.stringify(data),
  },
} as unknown as NonNullable<FastifyServerOptions['schemaController']>;

function isAdminRoute(schema: { tags?: readonly string[] } | undefined): boolean {
  return schema?.tags?.includes(ADMIN_TAG) === true;
}

/**
 * The OpenAPI 3.1 document of the API, generated from the schemas every route registers (its SDK
 * contract entry), served at /openapi.json, with the interactive page at /docs. Must be registered
 * before the routes.
 *
 * The schemas document and nothing else: the routes validate requests by hand with the reference's
 * exact messages and ignore unknown fields, so validators are no-ops (nothing coerced or stripped)
 * and replies are serialized as plain JSON.
 */
export function registerOpenApi(app: FastifyInstance): void {
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  for (const schema of ERROR_SCHEMAS) app.addSchema(schema);
  app.addHook('onRoute', (route) => {
    const endpoint = route.config?.endpoint;
    if (endpoint !== undefined && route.schema === undefined) route.schema = routeSchema(endpoint);
  });

  const used = new Set(ENDPOINTS.map(groupOf));
  void app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Exchange HTTP API V4 (txc)', version: '4.0.0', description: DESCRIPTION },
      tags: [
        ...ENDPOINT_GROUPS.filter((g) => used.has(g)).map((name) => ({ name })),
        { name: ADMIN_TAG, description: "The operator's API under /admin/v1, with the admin token." },
      ],
      components: { securitySchemes: { ...SECURITY_SCHEMES, ...ADMIN_SECURITY_SCHEME } },
    },
    // shared schemas keep their own names in components/schemas
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `schema-${i}`),
    },
    // the API's own routes and the admin API: not /health, /metrics or these pages
    transform: ({ schema, url, route }) => ({
      schema: route.config?.endpoint === undefined && !isAdminRoute(schema) ? { ...schema, hide: true } : schema,
      url,
    }),
  });
  void app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, requestInterceptor: signingInterceptor },
    theme: { js: [{ filename: 'docs-signing.js', content: docsSigningScript() }] },
  });
  app.get('/openapi.json', (_request, reply) => reply.send(app.swagger()));
}
