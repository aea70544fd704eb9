import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';
import { fails } from '../support/trading.js';

const P = '/api/v4/sub-account';
const K = `${P}/api-key`;
const invalid = (errors: Record<string, string[]>): unknown => ({ code: 0, message: 'Validation failed', errors });
const rule = (message: string): unknown => ({ code: 5, message, errors: {} });
const NOT_FOUND = { code: 404, message: 'API key not found', errors: {} };
const DENIED = { code: 4, message: 'This API Key is not authorized to perform this action.', errors: {} };
const DISABLED = { code: 2, message: 'This action is unauthorized. Enable your key in API settings', errors: {} };
const BALANCE = '/api/v4/main-account/balance';

type Key = {
  id: string;
  title: string;
  apiKey: string;
  apiSecret: string;
  restrictAccess: boolean;
  accessEndpoints: { name: string; title: string }[];
};

describe('sub-account API keys through HTTP: endpoint settings and IP allow-lists', () => {
  let server: TestServer;
  let main: TxcClient;
  let other: TxcClient;
  let sub: string;

  const create = async (title: string): Promise<Key> =>
    await main.subAccountApiKeyCreate({ type: 1, subAccountId: sub, title });
  const listed = async (id: string): Promise<Key> => {
    const page = (await main.subAccountApiKeyList({ subAccountId: sub })) as { data: Key[] };
    return page.data.find((k) => k.id === id)!;
  };
  const signer = (key: Key): TxcClient => server.client(key.apiKey, key.apiSecret);
  const balance = (client: TxcClient): Promise<unknown> => client.privatePost(BALANCE, { ticker: 'USDT' });
  const history = (client: TxcClient): Promise<unknown> => client.privatePost('/api/v4/main-account/history', {});

  before(async () => {
    server = await TestServer.start();
    main = (await server.user('setter')).client;
    other = (await server.user('prober')).client;
    sub = (
      await main.privatePost<{ id: string }>(`${P}/create`, {
        alias: 'desk',
        shareKyc: true,
        permissions: { spotEnabled: false, collateralEnabled: false },
      })
    ).id;
  });
  after(() => server.stop());

  it('edits the title and URLs: enabled URLs are all the key may call, disabled ones it may not', async () => {
    const key = await create('plain');
    const bot = signer(key);
    const urls = [
      { url: '/api/v4/main-account/withdraw', enable: false },
      { url: BALANCE, enable: true },
    ];
    assert.deepEqual(await main.subAccountApiKeyEdit({ apiKeyId: key.id, title: 'Trading Bot Key', urls }), {});
    const only = await listed(key.id);
    assert.equal(only.title, 'Trading Bot Key');
    assert.equal(only.restrictAccess, true);
    assert.deepEqual(only.accessEndpoints, [{ name: BALANCE, title: 'Main account balances' }]);
    await balance(bot);
    await fails(history(bot), 403, DENIED);

    // only disabled URLs: everything else its type allows
    const off = [{ url: BALANCE, enable: false }];
    await main.subAccountApiKeyEdit({ apiKeyId: key.id, title: 'no balance', urls: off });
    await fails(balance(bot), 403, DENIED);
    await history(bot);
    const open = await listed(key.id);
    assert.equal(open.restrictAccess, true);
    const names = open.accessEndpoints.map((e) => e.name);
    assert.ok(names.includes('/api/v4/main-account/history'));
    assert.ok(names.includes('/api/v4/order/new'));
    for (const gone of [BALANCE, '/api/v4/main-account/withdraw', '/api/v4/main-account/address']) {
      assert.equal(names.includes(gone), false, gone);
    }

    // an empty list clears every setting
    await main.subAccountApiKeyEdit({ apiKeyId: key.id, title: 'open', urls: [] });
    assert.deepEqual([(await listed(key.id)).restrictAccess, (await listed(key.id)).accessEndpoints], [false, []]);
    await balance(bot);
  });

  it('refuses restricted URLs, bad settings, and keys that are not the caller own', async () => {
    const key = await create('guarded');
    const address = [{ url: '/api/v4/main-account/address', enable: true }];
    await fails(
      main.subAccountApiKeyEdit({ apiKeyId: key.id, title: 't', urls: address }),
      400,
      rule('The following URLs are restricted for sub-account API keys: /api/v4/main-account/address'),
    );
    const two = [...address, { url: `${P}/list`, enable: true }];
    await fails(
      main.subAccountApiKeyEdit({ apiKeyId: key.id, title: 't', urls: two }),
      400,
      rule(`The following URLs are restricted for sub-account API keys: /api/v4/main-account/address, ${P}/list`),
    );
    await fails(
      main.privatePost(`${K}/edit`, {}),
      400,
      invalid({
        apiKeyId: ['The apiKeyId field is required.'],
        title: ['The title field is required.'],
        urls: ['The urls field is required.'],
      }),
    );
    const bad = [
      { url: '/nope', enable: 'yes' },
      'x',
      { enable: true },
      { url: BALANCE, enable: true },
      { url: BALANCE },
    ];
    await fails(
      main.subAccountApiKeyEdit({ apiKeyId: key.id, title: 't', urls: bad }),
      400,
      invalid({
        'urls.0.url': ['The selected urls.0.url is invalid.'],
        'urls.0.enable': ['The urls.0.enable field must be true or false.'],
        'urls.1': ['The urls.1 must be an object.'],
        'urls.2.url': ['The urls.2.url field is required.'],
        'urls.4.url': ['The urls.4.url field has a duplicate value.'],
        'urls.4.enable': ['The urls.4.enable field is required.'],
      }),
    );
    await fails(
      main.subAccountApiKeyEdit({ apiKeyId: key.id, title: 't', urls: 'all' }),
      400,
      invalid({ urls: ['The urls must be an array.'] }),
    );
    await fails(other.subAccountApiKeyEdit({ apiKeyId: key.id, title: 't', urls: [] }), 404, NOT_FOUND);
    assert.equal((await listed(key.id)).title, 'guarded');
  });

  it('allow-lists IP addresses: once it has any, the key signs from those only', async () => {
    const key = await create('fenced');
    const bot = signer(key);
    assert.deepEqual(await main.subAccountApiKeyIpAddressList({ apiKeyId: key.id }), { data: [] });
    const added = await main.subAccountApiKeyIpAddressCreate({ apiKeyId: key.id, ip: '192.168.1.100' });
    assert.deepEqual(added, { data: ['192.168.1.100'] });
    // the test client calls from 127.0.0.1
    await fails(balance(bot), 403, DISABLED);
    assert.deepEqual(await main.subAccountApiKeyIpAddressCreate({ apiKeyId: key.id, ip: '::1' }), {
      data: ['192.168.1.100', '::1'],
    });
    await main.subAccountApiKeyIpAddressCreate({ apiKeyId: key.id, ip: '127.0.0.1' });
    await balance(bot);
    assert.deepEqual(await main.subAccountApiKeyIpAddressList({ apiKeyId: key.id }), {
      data: ['192.168.1.100', '::1', '127.0.0.1'],
    });
    assert.deepEqual(await main.subAccountApiKeyIpAddressDelete({ apiKeyId: key.id, ip: '127.0.0.1' }), {
      data: ['192.168.1.100', '::1'],
    });
    await fails(balance(bot), 403, DISABLED);
    await main.subAccountApiKeyIpAddressDelete({ apiKeyId: key.id, ip: '192.168.1.100' });
    // the same address written otherwise is the same address
    await main.subAccountApiKeyIpAddressDelete({ apiKeyId: key.id, ip: '0:0:0:0:0:0:0:1' });
    await balance(bot);
  });

  it('refuses duplicates, absent and invalid addresses, more than 50, and others keys', async () => {
    const key = await create('strict');
    const apiKeyId = key.id;
    await main.subAccountApiKeyIpAddressCreate({ apiKeyId, ip: '10.0.0.1' });
    await fails(
      main.subAccountApiKeyIpAddressCreate({ apiKeyId, ip: '10.0.0.1' }),
      400,
      rule('This IP address is already in allowlist'),
    );
    await fails(
      main.subAccountApiKeyIpAddressDelete({ apiKeyId, ip: '192.168.1.100' }),
      400,
      rule('IP address 192.168.1.100 is not in the allowlist'),
    );
    for (const ip of ['10.0.0.300', '10.0.0.0/8', 'localhost', 5]) {
      const expected = typeof ip === 'string' ? 'Invalid IP address.' : 'The ip must be a string.';
      await fails(main.subAccountApiKeyIpAddressCreate({ apiKeyId, ip }), 400, invalid({ ip: [expected] }));
      await fails(main.subAccountApiKeyIpAddressDelete({ apiKeyId, ip }), 400, invalid({ ip: [expected] }));
    }
    const required = invalid({ apiKeyId: ['The apiKeyId field is required.'], ip: ['The ip field is required.'] });
    await fails(main.privatePost(`${K}/ip-address/create`, {}), 400, required);
    await fails(main.privatePost(`${K}/ip-address/delete`, {}), 400, required);
    for (let i = 2; i <= 50; i++) await main.subAccountApiKeyIpAddressCreate({ apiKeyId, ip: `10.0.0.${i}` });
    await fails(
      main.subAccountApiKeyIpAddressCreate({ apiKeyId, ip: '10.0.1.1' }),
      400,
      rule('You have reached the maximum number of allowed IPs: 50'),
    );
    assert.equal((await main.subAccountApiKeyIpAddressList({ apiKeyId })).data.length, 50);
    await fails(other.subAccountApiKeyIpAddressList({ apiKeyId }), 404, NOT_FOUND);
    await fails(other.subAccountApiKeyIpAddressCreate({ apiKeyId, ip: '10.9.9.9' }), 404, NOT_FOUND);
    await fails(other.subAccountApiKeyIpAddressDelete({ apiKeyId, ip: '10.0.0.1' }), 404, NOT_FOUND);
    await fails(main.subAccountApiKeyIpAddressCreate({ apiKeyId: 'nope', ip: '10.9.9.9' }), 404, NOT_FOUND);
  });

  it('reset keeps the allow-list and settings; the new secret is held to them at once', async () => {
    const key = await create('kept');
    await main.subAccountApiKeyIpAddressCreate({ apiKeyId: key.id, ip: '192.0.2.1' });
    await main.subAccountApiKeyEdit({ apiKeyId: key.id, title: 'kept', urls: [{ url: BALANCE, enable: true }] });
    const fresh = (await main.subAccountApiKeyReset({ apiKeyId: key.id })) as Key;
    assert.deepEqual(fresh.accessEndpoints, [{ name: BALANCE, title: 'Main account balances' }]);
    assert.deepEqual(await main.subAccountApiKeyIpAddressList({ apiKeyId: key.id }), { data: ['192.0.2.1'] });
    await fails(balance(signer(fresh)), 403, DISABLED);
  });
});
