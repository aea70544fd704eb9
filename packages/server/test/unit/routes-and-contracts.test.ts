import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { ENDPOINTS, type Endpoint } from '@txc/sdk';
import Fastify from 'fastify';
import '../../src/http/fastify-types.js';
import type { RouteModule } from '../../src/http/route-module.js';
import { ROUTES } from '../../src/http/routes/index.js';
import type { RouteDeps } from '../../src/http/routes/route-deps.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

interface Registered {
  readonly method: string;
  readonly url: string;
  readonly endpoint: Endpoint | undefined;
}

/**
 * What one route file registers, on a scope of its own (handlers are not called: of the deps, only
 * the venue's `onRebuilt` is, by the routes that cache their answers).
 */
function registeredBy(route: RouteModule): Registered[] {
  const app = Fastify();
  const seen: Registered[] = [];
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      seen.push({ method, url: options.url, endpoint: options.config?.endpoint });
    }
  });
  route.register(app, { venue: { onRebuilt: () => undefined } } as unknown as RouteDeps);
  return seen;
}

describe('every contract has a handler, and every handler a contract', () => {
  it('each contract of the SDK is the key of exactly one route file', () => {
    for (const endpoint of ENDPOINTS) {
      const handlers = ROUTES.filter((r) => r.endpoint === endpoint);
      assert.equal(handlers.length, 1, `${endpoint.method} ${endpoint.path}: ${handlers.length} route files`);
    }
  });

  it('each route file is keyed by a contract of the SDK', () => {
    const contracts = new Set<Endpoint>(ENDPOINTS);
    for (const route of ROUTES) assert.ok(contracts.has(route.endpoint), `${route.endpoint.path} is no SDK contract`);
    assert.equal(ROUTES.length, ENDPOINTS.length);
  });

  it("each route file registers its contract's method and path, and no other contract", () => {
    for (const route of ROUTES) {
      const { endpoint } = route;
      const registered = registeredBy(route);
      assert.ok(
        registered.some((r) => r.method === endpoint.method && r.url === endpoint.path && r.endpoint === endpoint),
        `${endpoint.path}: its file registers ${JSON.stringify(registered.map((r) => `${r.method} ${r.url}`))}`,
      );
      for (const r of registered) {
        if (r.endpoint !== undefined) assert.equal(r.endpoint, endpoint, `${r.url} carries another contract`);
      }
    }
  });

  it('the generated indexes (contracts, routes) are what `npm run generate` writes', () => {
    const result = spawnSync(process.execPath, ['scripts/generate-indexes.mjs', '--check'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stderr);
  });
});
