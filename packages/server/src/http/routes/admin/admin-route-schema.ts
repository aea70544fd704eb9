import type { FastifySchema } from 'fastify';
import { Type } from 'typebox';
import { ADMIN_TAG } from '../../openapi/admin-security.js';
import { plain } from '../../openapi/route-schema.js';
import type { AdminContract } from './admin-contracts.js';

const AdminErrorBody = Type.Object({ error: Type.String() });

const ERRORS =
  '400 a bad field (the message names it), 401 missing or invalid admin token, 403 not a loopback client, ' +
  '404 unknown user, key or withdrawal, 409 a conflict (exists already, not pending), 413 body too large, ' +
  '415 not JSON.';

/** `createUser` → `adminCreateUser`: stable names beside the API's own operation ids. */
function operationId(name: string): string {
  return `admin${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

function pathParams(path: string): Record<string, unknown> | undefined {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  if (names.length === 0) return undefined;
  return plain(Type.Object(Object.fromEntries(names.map((n) => [n, Type.String()]))));
}

/** The route schema of an admin route: documentation only, like every route's (see openapi-plugin.ts). */
export function adminRouteSchema(name: string, contract: AdminContract): FastifySchema {
  const params = pathParams(contract.path);
  return {
    summary: contract.summary,
    operationId: operationId(name),
    tags: [ADMIN_TAG],
    security: [{ adminToken: [] }],
    ...(params === undefined ? {} : { params }),
    ...(contract.query === undefined ? {} : { querystring: plain(contract.query) }),
    ...(contract.body === undefined ? {} : { body: plain(contract.body) }),
    response: {
      [contract.successStatus]: { ...plain(contract.response), description: 'Success' },
      '4xx': { ...plain(AdminErrorBody), description: ERRORS },
      '5xx': { ...plain(AdminErrorBody), description: '503 store unavailable, 500 internal error.' },
    },
  };
}
