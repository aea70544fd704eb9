import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ENDPOINTS, PERMISSIONS, type Permission, type PrivateEndpoint } from '@txc/sdk';
import { rawPost } from '../support/raw-request.js';
import { TestServer } from '../support/test-server.js';

const PRIVATE = ENDPOINTS.filter((e): e is PrivateEndpoint => e.kind === 'private');

/**
 * The permission each private endpoint needs, by the family of its path: the SDK's table must
 * keep to it, so that a new endpoint cannot slip in needing less than its kind.
 */
function expectedPermission(path: string): Permission {
  // what sends money to someone else: a withdrawal, a code whoever redeems it is paid, a sub-account's withdrawal confirmed
  const paysOut = [
    '/api/v4/main-account/withdraw',
    '/api/v4/main-account/withdraw-pay',
    '/api/v4/main-account/codes',
    '/api/v4/sub-account/withdraw/confirm',
  ];
  if (paysOut.includes(path)) return 'withdraw';
  if (path.startsWith('/api/v4/main-account/')) return 'main-account';
  if (path.startsWith('/api/v4/mining/')) return 'mining';
  // sub-accounts are managed from the main account
  if (path.startsWith('/api/v4/sub-account/')) return 'main-account';
  return 'trading';
}

describe('key permissions, endpoint by endpoint (reference §1.7 code 4)', () => {
  let server: TestServer;
  const keys = new Map<Permission, { apiKey: string; apiSecret: string }>();
  let nonce = Date.now();

  before(async () => {
    server = await TestServer.start();
    for (const p of PERMISSIONS) {
      const { apiKey, apiSecret } = await server.user(`only-${p}`, { permissions: [p], deposits: { BTC: '1' } });
      keys.set(p, { apiKey, apiSecret });
    }
  });
  after(() => server.stop());

  it('the SDK names a known permission for every private endpoint, by the family of its path', () => {
    assert.ok(PRIVATE.length > 30);
    for (const e of PRIVATE) {
      assert.ok(PERMISSIONS.includes(e.permission), e.path);
      assert.equal(e.permission, expectedPermission(e.path), e.path);
    }
  });

  for (const endpoint of PRIVATE) {
    it(`${endpoint.path} needs ${endpoint.permission}, and no other permission will do`, async () => {
      for (const permission of PERMISSIONS) {
        const key = keys.get(permission)!;
        const body = JSON.stringify({ request: endpoint.path, nonce: ++nonce });
        const r = await rawPost(server.url, endpoint.path, { ...key, secret: key.apiSecret, body });
        if (permission === endpoint.permission) {
          assert.ok(r.status !== 403 && r.status < 500, `${permission}: ${r.status} ${JSON.stringify(r.body)}`);
        } else {
          assert.deepEqual(
            [r.status, r.body],
            [403, { code: 4, message: 'This API Key is not authorized to perform this action.', errors: {} }],
            `${permission} on ${endpoint.path}`,
          );
        }
      }
    });
  }

  it('a key without a permission changes nothing by trying', async () => {
    const key = keys.get('mining')!;
    const before = (await server.admin('GET', '/admin/v1/users/only-mining')).body;
    const body = JSON.stringify({
      request: '/api/v4/main-account/transfer',
      nonce: ++nonce,
      ticker: 'BTC',
      amount: '0.5',
      from: 'main',
      to: 'spot',
    });
    const r = await rawPost(server.url, '/api/v4/main-account/transfer', { ...key, secret: key.apiSecret, body });
    assert.equal(r.status, 403);
    assert.deepEqual((await server.admin('GET', '/admin/v1/users/only-mining')).body, before);
  });
});
