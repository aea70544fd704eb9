import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader } from '../support/collateral.js';
import type { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { authorizedSocket, pushWhere } from '../support/ws-account.js';
import { WsTestClient } from '../support/ws-client.js';

type SpotUpdate = [Record<string, { available: string; freeze: string }>];
type MarginUpdate = [{ a: string; B: string; b: string; av: string; ab: string }];

function isUsdt([row]: MarginUpdate): boolean {
  return row.a === 'USDT';
}

const REQUIRE_AUTH = { code: 6, message: 'require authentication' };

describe('WebSocket account streams: balanceSpot and balanceMargin', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;

  before(async () => {
    server = await collateralServer();
    alice = await trader(server, 'alice', { BTC: '2', USDT: '100000' });
    bob = await trader(server, 'bob', { BTC: '2', USDT: '100000' });
  });
  after(async () => {
    await server.stop();
  });

  test('account channels answer code 6 before authorize', async () => {
    const ws = await WsTestClient.connect(server.url);
    for (const method of [
      'balanceSpot_request',
      'balanceSpot_subscribe',
      'balanceSpot_unsubscribe',
      'balanceMargin_request',
      'balanceMargin_subscribe',
    ]) {
      const answer = await ws.request(method, []);
      assert.deepEqual(answer.error, REQUIRE_AUTH, method);
      assert.equal(answer.result, null);
    }
    await ws.close();
  });

  test('balanceSpot_request answers what REST trade-account/balance answers', async () => {
    const ws = await authorizedSocket(server.url, alice);
    assert.deepEqual(await ws.call('balanceSpot_request', []), await alice.tradeBalances());
    assert.deepEqual(await ws.call('balanceSpot_request', ['USDT', 'ETH']), {
      USDT: await alice.tradeBalance('USDT'),
      ETH: { available: '0', freeze: '0' },
    });
    const unknown = await ws.request('balanceSpot_request', ['NOPE']);
    assert.equal(unknown.error?.code, 1);
    await ws.close();
  });

  test('balanceSpot: each changed asset in its own frame after place, trade and cancel; only one’s own', async () => {
    const a = await authorizedSocket(server.url, alice);
    const b = await authorizedSocket(server.url, bob);
    const onlyBtc = await authorizedSocket(server.url, bob);
    assert.deepEqual(await a.call('balanceSpot_subscribe', []), { status: 'success' });
    await b.call('balanceSpot_subscribe', []);
    await onlyBtc.call('balanceSpot_subscribe', ['BTC']);

    // a resting buy holds money: only USDT changed
    const order = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.5', price: '40000' });
    const held = await a.nextPush('balanceSpot_update');
    assert.deepEqual(held.params, [{ USDT: await alice.tradeBalance('USDT') }] satisfies SpotUpdate);
    // the order holds its price and the taker fee it may pay
    assert.deepEqual(held.params, [{ USDT: { available: '79980', freeze: '20020' } }]);
    assert.match(a.texts.at(-1) as string, /^\{"id":null,"method":"balanceSpot_update","params":\[\{"USDT":/);

    // bob sells into it: both sides see both assets, each in its own frame
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.2', price: '40000' });
    await a.sync();
    await b.sync();
    const mine = a.pushes('balanceSpot_update').slice(1);
    const theirs = b.pushes('balanceSpot_update');
    assert.deepEqual(
      mine.map((p) => p.params),
      [[{ BTC: await alice.tradeBalance('BTC') }], [{ USDT: await alice.tradeBalance('USDT') }]],
    );
    assert.deepEqual(
      theirs.map((p) => p.params),
      [[{ BTC: await bob.tradeBalance('BTC') }], [{ USDT: await bob.tradeBalance('USDT') }]],
    );
    await onlyBtc.sync();
    assert.deepEqual(
      onlyBtc.pushes('balanceSpot_update').map((p) => p.params),
      [[{ BTC: await bob.tradeBalance('BTC') }]],
    );

    // the cancel releases what the order still held
    await alice.orderCancel({ market: 'BTC_USDT', orderId: order.orderId });
    await a.sync();
    assert.deepEqual(a.pushes('balanceSpot_update')[3]?.params, [{ USDT: await alice.tradeBalance('USDT') }]);
    assert.equal((await alice.tradeBalance('USDT')).freeze, '0');
    await b.sync();
    assert.equal(b.pushes('balanceSpot_update').length, 2, 'bob sees nothing of alice’s cancel');

    // a transfer into the spot account; after unsubscribe nothing more
    await alice.transfer({ ticker: 'USDT', amount: '1', from: 'spot', to: 'main' });
    await a.sync();
    assert.deepEqual(a.pushes('balanceSpot_update')[4]?.params, [{ USDT: await alice.tradeBalance('USDT') }]);
    await a.call('balanceSpot_unsubscribe', []);
    await alice.transfer({ ticker: 'USDT', amount: '1', from: 'main', to: 'spot' });
    await a.sync();
    assert.equal(a.pushes('balanceSpot_update').length, 5);
    for (const ws of [a, b, onlyBtc]) await ws.close();
  });

  test('balanceMargin: request with the summary’s figures, pushes of changed assets with short keys', async () => {
    const carol = await collateralTrader(server, 'carol', { USDT: '1000' });
    const ws = await authorizedSocket(server.url, carol);
    const summary = await carol.collateralBalanceSummary();
    const usdt = summary.find((r) => r.asset === 'USDT');
    assert.ok(usdt !== undefined);
    assert.deepEqual(await ws.call('balanceMargin_request', ['USDT']), {
      USDT: {
        balance: usdt.balance,
        borrow: usdt.borrow,
        available_without_borrow: usdt.availableWithoutBorrow,
        available_with_borrow: usdt.availableWithBorrow,
      },
    });
    const all = (await ws.call('balanceMargin_request', [])) as Record<string, unknown>;
    assert.deepEqual(
      Object.keys(all),
      summary.map((r) => r.asset),
    );

    const eve = await authorizedSocket(server.url, alice);
    await eve.call('balanceMargin_subscribe', []);
    await ws.call('balanceMargin_subscribe', []);
    await carol.transfer({ ticker: 'USDT', amount: '400', from: 'collateral', to: 'main' });
    // every asset whose figures moved comes in its own frame: USDT's balance, and what may be borrowed of all
    const [row] = (await pushWhere(ws, 'balanceMargin_update', (p) => isUsdt(p as MarginUpdate))) as MarginUpdate;
    assert.deepEqual(Object.keys(row), ['a', 'B', 'b', 'av', 'ab']);
    const after = (await carol.collateralBalanceSummary('USDT'))[0];
    assert.deepEqual(row, {
      a: 'USDT',
      B: after?.balance,
      b: after?.borrow,
      av: after?.availableWithoutBorrow,
      ab: after?.availableWithBorrow,
    });
    assert.equal(row.B, '600');
    await eve.sync();
    assert.equal(eve.pushes('balanceMargin_update').length, 0, 'alice sees nothing of carol’s account');
    await ws.close();
    await eve.close();
  });
});
