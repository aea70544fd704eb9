import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ENDPOINTS, orderNew, STREAM_METHODS } from '@txc/sdk';
import { renderApiCoverage } from '../../src/docs/api-coverage.js';
import { ADMIN_SECURITY_SCHEME } from '../../src/http/openapi/admin-security.js';
import { ADMIN_CONTRACTS } from '../../src/http/routes/admin/admin-contracts.js';
import { FAULT_CONTRACTS } from '../../src/http/routes/admin/fault-routes.js';
import { SIMULATOR_CONTRACTS } from '../../src/http/routes/admin/simulator-routes.js';
import { documentText } from '../../src/http/openapi/document-text.js';
import { operationId } from '../../src/http/openapi/route-schema.js';
import { TestServer } from '../support/test-server.js';

const docs = (name: string): string => readFileSync(new URL(`../../../../docs/${name}`, import.meta.url), 'utf8');

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; security?: unknown; tags?: string[] }>>;
  components: { securitySchemes: Record<string, { in?: string; name?: string; type?: string }> };
}

describe('the OpenAPI document: generated from the route schemas, served, committed', () => {
  let server: TestServer;
  let served: Doc;

  before(async () => {
    server = await TestServer.start();
    served = (await (await fetch(`${server.url}/openapi.json`)).json()) as Doc;
  });
  after(() => server.stop());

  it('docs/openapi.json is what the server serves (run `npm run openapi` after changing a contract)', () => {
    assert.equal(docs('openapi.json'), documentText(served), 'docs/openapi.json is stale: run `npm run openapi`');
  });

  it('docs/api-coverage.md is generated from ENDPOINTS (run `npm run openapi`)', () => {
    assert.equal(
      docs('api-coverage.md'),
      renderApiCoverage(ENDPOINTS, STREAM_METHODS),
      'docs/api-coverage.md is stale',
    );
  });

  it('is OpenAPI 3.1 and holds every endpoint of the contract and every admin route, and nothing else', () => {
    assert.equal(served.openapi, '3.1.0');
    const documented = Object.entries(served.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const declared = [
      ...ENDPOINTS,
      ...Object.values(ADMIN_CONTRACTS),
      ...Object.values(FAULT_CONTRACTS),
      ...Object.values(SIMULATOR_CONTRACTS),
    ].map((e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`);
    assert.deepEqual(documented.sort(), declared.sort());
  });

  it('documents the admin API under its own tag, with the admin token as bearer auth', async () => {
    assert.deepEqual(served.components.securitySchemes.adminToken, {
      type: 'http',
      scheme: 'bearer',
      description: ADMIN_SECURITY_SCHEME.adminToken.description,
    });
    for (const contract of [
      ...Object.values(ADMIN_CONTRACTS),
      ...Object.values(FAULT_CONTRACTS),
      ...Object.values(SIMULATOR_CONTRACTS),
    ]) {
      const op = served.paths[contract.path.replace(/:(\w+)/g, '{$1}')]?.[contract.method.toLowerCase()];
      assert.deepEqual(op?.tags, ['Admin'], contract.path);
      assert.deepEqual(op?.security, [{ adminToken: [] }], contract.path);
    }
    // the document is not a way around the token: the routes it lists still refuse without one
    const refused = await fetch(`${server.url}/admin/v1/ledger`);
    assert.equal(refused.status, 401);
  });

  it('every endpoint says what it follows, and has a unique operation id', () => {
    assert.deepEqual(
      ENDPOINTS.filter((e) => e.follows === undefined).map((e) => e.path),
      [],
    );
    const ids = ENDPOINTS.map(operationId);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('documents the three signature headers as one security requirement of every private endpoint', () => {
    const headers = Object.values(served.components.securitySchemes)
      .filter((s) => s.type === 'apiKey')
      .map((s) => `${s.in}:${s.name}`);
    assert.deepEqual(headers.sort(), ['header:X-TXC-APIKEY', 'header:X-TXC-PAYLOAD', 'header:X-TXC-SIGNATURE']);
    for (const e of ENDPOINTS) {
      const op = served.paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
      const expected = e.kind === 'private' ? [{ apiKey: [], payload: [], signature: [] }] : undefined;
      assert.deepEqual(op?.security, expected, e.path);
    }
  });

  it('serves the interactive page at /docs with its assets, reading the same document', async () => {
    const page = await fetch(`${server.url}/docs`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await page.text(), /swagger-ui/i);
    assert.equal((await fetch(`${server.url}/docs/static/swagger-ui-bundle.js`)).status, 200);
    assert.deepEqual(await (await fetch(`${server.url}/docs/json`)).json(), served);
  });

  it('the documentation schemas neither validate nor strip: the routes answer their own messages', async () => {
    const { client } = await server.user('schema_check', { deposits: { USDT: '100' } });
    const answer = await client
      .privatePost(orderNew.path, { market: 'BTC_USDT', side: 7, amount: '1', price: '1', unknownField: { x: 1 } })
      .catch((e: unknown) => e);
    assert.deepEqual((answer as { body: unknown }).body, {
      code: 30,
      message: 'Validation failed',
      errors: { side: ["Side field should contain only 'buy' or 'sell' values."] },
    });
  });
});
