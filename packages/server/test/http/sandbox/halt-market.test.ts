import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcError, type TxcClient } from '@txc/sdk';
import { collateralServer, OCO_BUY } from '../../support/collateral.js';
import type { TestServer } from '../../support/test-server.js';
import { rawPost } from '../../support/raw-request.js';
import { validation } from '../../support/trading.js';
import { authorizedSocket } from '../../support/ws-account.js';
import type { WsTestClient } from '../../support/ws-client.js';
import { orderCall } from '../../support/ws-orders.js';

const SPOT = 'BTC_USDT';
const PERP = 'BTC_PERP';

/** What `order/new` answers on a market closed to trading: every placement on a halted market answers it. */
const NOT_AVAILABLE = validation({ market: ['Market is not available.'] });

/** A private POST's status and body, refused or not. */
async function post(client: TxcClient, path: string, body: Record<string, unknown>): Promise<[number, unknown]> {
  try {
    return [200, await client.privatePost(path, body)];
  } catch (e) {
    if (!(e instanceof TxcError)) throw e;
    return [e.status, e.body];
  }
}

/** A market's public book, its levels only (the answer's timestamp moves with the clock). */
async function levels(client: TxcClient, market: string): Promise<unknown> {
  const { bids, asks } = await client.orderbook(market, { limit: 100 });
  return { bids, asks };
}

describe('haltMarket: every placement on the market is refused, REST and WebSocket; cancels work', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;
  let ws: WsTestClient;
  /** Alice's resting spot bid, below bob's ask: modified to his price, it would fill. */
  let spotBid: number;
  let perpBid: number;

  before(async () => {
    server = await collateralServer({ allowFaults: true });
    const traders: TxcClient[] = [];
    for (const name of ['alice', 'bob']) {
      const { client } = await server.user(name, { deposits: { USDT: '300000', BTC: '2' } });
      await client.transfer({ ticker: 'USDT', amount: '100000', from: 'main', to: 'spot' });
      await client.transfer({ ticker: 'BTC', amount: '1', from: 'main', to: 'spot' });
      await client.transfer({ ticker: 'USDT', amount: '100000', from: 'main', to: 'collateral' });
      traders.push(client);
    }
    [alice, bob] = traders as [TxcClient, TxcClient];
    // a last price on each market (stops and OCO groups are placed against it), and an ask left on each
    await bob.orderNew({ market: SPOT, side: 'sell', amount: '0.002', price: '40000' });
    await alice.orderNew({ market: SPOT, side: 'buy', amount: '0.001', price: '40000' });
    await bob.collateralLimit({ market: PERP, side: 'sell', amount: '0.002', price: '60000' });
    await alice.collateralLimit({ market: PERP, side: 'buy', amount: '0.001', price: '60000' });
    spotBid = (await alice.orderNew({ market: SPOT, side: 'buy', amount: '0.001', price: '30000' })).orderId;
    perpBid = (await alice.collateralLimit({ market: PERP, side: 'buy', amount: '0.001', price: '58000' })).orderId;
    ws = await authorizedSocket(server.url, alice);
  });
  after(async () => {
    await ws.close();
    await server.stop();
  });

  /** Everything a refused placement could have touched, as the API shows it, and the venue's state hash. */
  const venueAsSeen = async (): Promise<unknown> => ({
    state: (await server.admin('GET', '/admin/v1/state')).body,
    books: [await levels(alice, SPOT), await levels(alice, PERP)],
    spot: [await alice.tradeBalances(), await bob.tradeBalances()],
    collateral: [await alice.collateralBalance(), await bob.collateralBalance()],
    orders: [await alice.activeOrders({ market: SPOT }), await alice.activeOrders({ market: PERP })],
  });

  it('refuses new orders, stops, OTO and OCO groups, bulk items and modifications, and changes nothing', async () => {
    for (const market of [SPOT, PERP]) {
      assert.equal((await server.admin('POST', '/admin/v1/faults', { type: 'haltMarket', market })).status, 201);
    }
    const before = await venueAsSeen();

    const limit = { side: 'buy', amount: '0.001', price: '40000' };
    const perpLimit = { market: PERP, side: 'buy', amount: '0.001', price: '60000' };
    const rest: [string, Record<string, unknown>][] = [
      ['/api/v4/order/new', { market: SPOT, ...limit }],
      ['/api/v4/order/market', { market: SPOT, side: 'buy', amount: '50' }],
      ['/api/v4/order/stock_market', { market: SPOT, side: 'buy', amount: '0.001' }],
      ['/api/v4/order/stop_limit', { market: SPOT, ...limit, activation_price: '41000' }],
      ['/api/v4/order/stop_market', { market: SPOT, side: 'buy', amount: '50', activation_price: '41000' }],
      ['/api/v4/order/modify', { market: SPOT, orderId: spotBid, price: '40000' }],
      ['/api/v4/order/collateral/limit', perpLimit],
      ['/api/v4/order/collateral/limit', { ...perpLimit, price: '59000', stopLoss: '58500', takeProfit: '62000' }],
      ['/api/v4/order/collateral/market', { market: PERP, side: 'buy', amount: '0.001' }],
      ['/api/v4/order/collateral/stop-limit', { ...perpLimit, price: '61000', activation_price: '61000' }],
      [
        '/api/v4/order/collateral/trigger-market',
        { market: PERP, side: 'buy', amount: '0.001', activation_price: '61000' },
      ],
      ['/api/v4/order/collateral/oco', { ...OCO_BUY, market: PERP, price: '59000' }],
      ['/api/v4/order/collateral/oco', { ...OCO_BUY, market: SPOT, price: '39000', activation_price: '41000' }],
    ];
    for (const [path, body] of rest) {
      assert.deepEqual(await post(alice, path, body), [422, NOT_AVAILABLE], `${path} ${JSON.stringify(body)}`);
    }
    const bulk = await post(alice, '/api/v4/order/bulk', { orders: [{ market: SPOT, ...limit }] });
    assert.deepEqual(bulk, [200, [{ result: null, error: NOT_AVAILABLE }]]);

    const methods: [string, Record<string, unknown>][] = [
      ['order_limit_place', { market: SPOT, ...limit }],
      ['order_market_place', { market: SPOT, side: 'buy', amount: '50' }],
      ['order_market_stock_place', { market: SPOT, side: 'buy', amount: '0.001' }],
      ['order_stop_limit_place', { market: SPOT, ...limit, activation_price: '41000' }],
      ['order_stop_market_place', { market: SPOT, side: 'buy', amount: '50', activation_price: '41000' }],
      ['order_bbo_place', { market: SPOT, side: 'buy', amount: '0.001', bbo_role: 2 }],
      ['order_modify', { market: SPOT, order_id: spotBid, price: '40000' }],
      ['collateral_order_limit_place', perpLimit],
      ['collateral_order_market_place', { market: PERP, side: 'buy', amount: '0.001' }],
      ['collateral_order_stop_limit_place', { ...perpLimit, price: '61000', activation_price: '61000' }],
      ['collateral_order_stop_market_place', { market: PERP, side: 'buy', amount: '0.001', activation_price: '61000' }],
      ['collateral_order_bbo_place', { market: PERP, side: 'buy', amount: '0.001', bbo_role: 2 }],
      ['collateral_order_oco_place', { ...OCO_BUY, market: PERP, price: '59000' }],
      [
        'collateral_order_oto_place',
        {
          trigger_order_type: 'margin_limit',
          conditional_order_type: 'margin_stop_loss',
          stop_loss: '58500',
          trigger_order: { ...perpLimit, price: '59000' },
        },
      ],
    ];
    for (const [method, params] of methods) {
      const answer = await orderCall(ws, method, params);
      assert.deepEqual(
        [answer.result, answer.error],
        [null, { code: 51, message: 'trading in the market is not allowed' }],
        `${method} ${JSON.stringify(params)}`,
      );
    }

    assert.deepEqual(await venueAsSeen(), before, 'nothing applied or journaled');
  });

  it('a refusal by a halt is the venue’s answer: it uses the request’s nonce, as an error rule’s does not', async () => {
    const { apiKey, apiSecret: secret } = await server.user('carol', { deposits: { USDT: '1000' } });
    const path = '/api/v4/order/new';
    const nonce = Date.now();
    const send = (n: number) =>
      rawPost(server.url, path, {
        apiKey,
        secret,
        body: JSON.stringify({ request: path, nonce: n, market: SPOT, side: 'buy', amount: '0.001', price: '30000' }),
      });
    const refusedByError = await server.admin('POST', '/admin/v1/faults', { type: 'error', routes: 'all', share: '1' });
    assert.equal((await send(nonce)).status, 503);
    assert.equal(
      (await server.admin('DELETE', `/admin/v1/faults/${(refusedByError.body as { id: number }).id}`)).status,
      200,
    );
    // the nonce the error rule refused is still free: the venue answers the order (its market halted)
    const halted = await send(nonce);
    assert.deepEqual([halted.status, halted.body], [422, NOT_AVAILABLE]);
    // and now it is used
    const again = await send(nonce);
    assert.deepEqual([again.status, again.body], [429, { code: 0, message: 'Too many requests.', errors: {} }]);
  });

  it('cancels go through on a halted market, REST and WebSocket', async () => {
    await alice.orderCancel({ market: SPOT, orderId: spotBid });
    const answer = await orderCall(ws, 'order_cancel', { market: PERP, order_id: perpBid });
    assert.equal(answer.error, null, JSON.stringify(answer.error));
    assert.deepEqual(await alice.activeOrders({ market: SPOT }), []);
    assert.deepEqual(await alice.activeOrders({ market: PERP }), []);
    assert.equal((await server.admin('DELETE', '/admin/v1/faults')).status, 200);
  });
});
