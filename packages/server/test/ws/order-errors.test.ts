import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { STREAM_METHODS, type TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader } from '../support/collateral.js';
import type { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { WsTestClient } from '../support/ws-client.js';
import { authorizedSocket, orderCall, placed, refused } from '../support/ws-orders.js';

const ORDER_METHODS = STREAM_METHODS.filter((m) => m.kind === 'order').map((m) => m.method);

describe('WebSocket order methods: every refusal in the documented codes', () => {
  let server: TestServer;
  let spotUser: TxcClient;
  let perpUser: TxcClient;
  let ws: WsTestClient;
  let perp: WsTestClient;

  before(async () => {
    server = await collateralServer();
    spotUser = await trader(server, 'wsrefused', { BTC: '1', USDT: '1000' });
    perpUser = await collateralTrader(server, 'wsperp', { USDT: '500' });
    const maker = await trader(server, 'wsrefmaker', { BTC: '10', USDT: '100000' });
    // a last price of 50 000 and an ask at 50 100
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '50000' });
    await spotUser.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '50000' });
    await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '1', price: '50100' });
    ws = await authorizedSocket(server, spotUser);
    perp = await authorizedSocket(server, perpUser);
  });
  after(async () => {
    await Promise.all([ws.close(), perp.close()]);
    await server.stop();
  });

  test('before authorize every order method is code 6, and nothing is placed', async () => {
    assert.ok(ORDER_METHODS.length >= 15);
    const anonymous = await WsTestClient.connect(server.url);
    for (const method of ORDER_METHODS) {
      const answer = await orderCall(anonymous, method, { market: 'BTC_USDT', side: 'buy', amount: '1', price: '1' });
      assert.deepEqual(answer.error, { code: 6, message: 'require authentication' }, method);
    }
    await anonymous.close();
    assert.deepEqual(await spotUser.activeOrders({ market: 'BTC_USDT' }), []);
  });

  test('params other than one object, and request validation: code 1 naming the param', async () => {
    for (const params of [[], [1], ['x'], [[]], [{}, {}], [null]]) {
      const answer = await ws.request('order_limit_place', params);
      assert.equal(answer.error?.code, 1, JSON.stringify(params));
      assert.match(answer.error?.message ?? '', /^invalid argument: params must be an array holding one object/);
    }
    const limit = { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '40000' };
    await refused(ws, 'order_limit_place', { ...limit, side: 'up' }, 1, 'invalid argument: side: ');
    await refused(ws, 'order_limit_place', { ...limit, price: undefined }, 1, 'invalid argument: price: ');
    await refused(ws, 'order_limit_place', { ...limit, price: 'cheap' }, 1, 'invalid argument: price: ');
    await refused(ws, 'order_limit_place', { ...limit, stp: 'sometimes' }, 1, 'invalid argument: stp: ');
    await refused(
      ws,
      'order_limit_place',
      { ...limit, amount: '0.0010001' },
      1,
      'invalid argument: amount: Min amount step',
    );
    await refused(ws, 'order_limit_place', { ...limit, post_only: 'yes' }, 1, 'invalid argument: post_only: ');
    await refused(
      ws,
      'order_limit_place',
      { ...limit, client_order_id: 'not ok!' },
      1,
      'invalid argument: client_order_id',
    );
    await refused(ws, 'order_stop_limit_place', { ...limit }, 1, 'invalid argument: activation_price: ');
    await refused(
      ws,
      'order_bbo_place',
      { market: 'BTC_USDT', side: 'buy', amount: '0.001' },
      1,
      'invalid argument: bbo_role is required',
    );
    // REST's rules for bbo orders: no post_only with a bbo_role, ioc only when taking (2)
    const bbo = { market: 'BTC_USDT', side: 'sell', amount: '0.001' };
    await refused(ws, 'order_bbo_place', { ...bbo, bbo_role: 1, post_only: true }, 1, 'invalid argument: post_only: ');
    await refused(ws, 'order_bbo_place', { ...bbo, bbo_role: 1, ioc: true }, 1, 'invalid argument: ioc: ');
    await refused(ws, 'order_bbo_place', { ...bbo, bbo_role: 3 }, 1, 'invalid argument: bbo_role: ');
    await refused(
      ws,
      'order_cancel',
      { market: 'BTC_USDT' },
      1,
      'invalid argument: order_id or client_order_id must be set',
    );
    await refused(ws, 'order_cancel', { market: 'BTC_USDT', order_id: 'x' }, 1, 'invalid argument: order_id: ');
    await refused(ws, 'order_cancel_all', { market: 'BTC_USDT' }, 1, 'invalid argument: type: invalid or duplicate');
    await refused(
      ws,
      'order_cancel_all',
      { market: 'BTC_USDT', type: ['spot', 'spot'] },
      1,
      'invalid argument: type: ',
    );
    await refused(ws, 'order_cancel_all', { market: 'BTC_USDT', type: ['options'] }, 1, 'invalid argument: type: ');
    await refused(ws, 'order_cancel_all', { type: ['spot'] }, 1, 'invalid argument: market is required');
    assert.deepEqual(await spotUser.activeOrders({ market: 'BTC_USDT' }), []);
  });

  test('an amount written as a number is read as written: refused as REST refuses it, never rounded', async () => {
    // a double would read 0.0010000000000000001 as 0.001 and 1e-3 as 0.001: both would be placed
    for (const [id, amount] of [
      [9001, '0.0010000000000000001'],
      [9002, '1e-3'],
    ] as const) {
      ws.sendText(
        `{"id":${id},"method":"order_limit_place","params":[{"market":"BTC_USDT","side":"buy","amount":${amount},"price":"40000"}]}`,
      );
      const answer = await ws.waitFor((f) => f.id === id);
      assert.equal((answer.error as { code: number } | null)?.code, 1, amount);
      assert.match((answer.error as { message: string }).message, /^invalid argument: amount: /, amount);
    }
    assert.deepEqual(await spotUser.activeOrders({ market: 'BTC_USDT' }), []);
  });

  test('the order methods the engine has no orders for are not served: code 4', async () => {
    for (const method of ['collateral_order_tpsl_place', 'order_stop_bbo_place']) {
      assert.deepEqual((await orderCall(ws, method, { market: 'BTC_USDT' })).error, {
        code: 4,
        message: 'method not found',
      });
    }
  });

  test('markets: unknown is code 1, a perpetual for a spot method code 1, a spot-only pair for a collateral one 19', async () => {
    const order = { side: 'buy', amount: '1', price: '1' };
    await refused(
      ws,
      'order_limit_place',
      { ...order, market: 'NOPE_USDT' },
      1,
      'invalid argument: market does not exist',
    );
    await refused(ws, 'order_limit_place', { ...order }, 1, 'invalid argument: market: ');
    await refused(
      ws,
      'order_limit_place',
      { ...order, market: 'BTC_PERP' },
      1,
      'invalid argument: the market is futures',
    );
    await refused(
      perp,
      'collateral_order_limit_place',
      { ...order, market: 'XRP_USDT' },
      19,
      'market is not margin market',
    );
    await refused(
      ws,
      'order_cancel',
      { market: 'NOPE_USDT', order_id: 1 },
      1,
      'invalid argument: market does not exist',
    );
  });

  test('amounts and totals below the minimum are code 11', async () => {
    await refused(
      ws,
      'order_limit_place',
      { market: 'BTC_USDT', side: 'buy', amount: '0.000001', price: '40000' },
      11,
      'amount too small',
    );
    await refused(
      ws,
      'order_limit_place',
      { market: 'BTC_USDT', side: 'buy', amount: '0.0001', price: '40000' },
      11,
      'amount too small',
    );
    await refused(ws, 'order_market_place', { market: 'BTC_USDT', side: 'buy', amount: '1' }, 11, 'amount too small');
  });

  test('the engine’s refusals: balance 10 and 17, post-only 40, flags 1, client id 43, stop at the last price 101', async () => {
    await refused(
      ws,
      'order_limit_place',
      { market: 'BTC_USDT', side: 'buy', amount: '1', price: '40000' },
      10,
      'balance not enough',
    );
    await refused(
      ws,
      'order_market_stock_place',
      { market: 'BTC_USDT', side: 'sell', amount: '5' },
      10,
      'balance not enough',
    );
    await refused(
      perp,
      'collateral_order_limit_place',
      { market: 'BTC_PERP', side: 'buy', amount: '1', price: '60000' },
      17,
      'user margin balance not enough',
    );
    const crossing = { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '50100' };
    await refused(ws, 'order_limit_place', { ...crossing, post_only: true }, 40, 'order is not post only');
    await refused(
      ws,
      'order_limit_place',
      { ...crossing, post_only: true, ioc: true },
      1,
      'invalid argument: wrong flags combination',
    );
    await refused(
      ws,
      'order_limit_place',
      { ...crossing, rpi: true, ioc: true },
      1,
      'invalid argument: wrong flags combination',
    );
    const resting = { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '40000', client_order_id: 'dup-1' };
    await placed(ws, 'order_limit_place', resting);
    await refused(ws, 'order_limit_place', resting, 43, 'client order id already exists');
    const stop = { market: 'BTC_USDT', side: 'buy', amount: '0.001', price: '50000', activation_price: '50000' };
    await refused(ws, 'order_stop_limit_place', stop, 101, 'activation price equals last price');
  });

  test('positions: reduce-only without a position 116; OTO types 200 and 201, legs on the wrong side 105 and 106', async () => {
    const order = { market: 'BTC_PERP', side: 'sell', amount: '0.001', price: '61000' };
    await refused(
      perp,
      'collateral_order_limit_place',
      { ...order, reduce_only: true },
      116,
      'reduce-only order has no position',
    );
    // REST's exits are not read from a placement: refused, not ignored into an unguarded position
    for (const exit of ['stop_loss', 'take_profit', 'stopLoss', 'takeProfit']) {
      await refused(
        perp,
        'collateral_order_limit_place',
        { ...order, side: 'buy', price: '59000', [exit]: '50000' },
        1,
        `invalid argument: ${exit}: exits are no order's params; collateral_order_oto_place takes them beside trigger_order`,
      );
    }
    const oto = { trigger_order_type: 'margin_limit', trigger_order: { ...order, side: 'buy', price: '59000' } };
    await refused(
      perp,
      'collateral_order_oto_place',
      { ...oto, trigger_order_type: 'margin_swap', conditional_order_type: 'margin_stop_loss', stop_loss: '1' },
      201,
      'unknown trigger order type',
    );
    await refused(
      perp,
      'collateral_order_oto_place',
      { ...oto, trigger_order_type: 'margin_stop_bbo', conditional_order_type: 'margin_stop_loss', stop_loss: '1' },
      201,
      'unknown trigger order type: margin_stop_bbo is not available',
    );
    await refused(
      perp,
      'collateral_order_oto_place',
      { ...oto, conditional_order_type: 'margin_limit', take_profit: '62000' },
      200,
      'unknown conditional order type: margin_limit is not available',
    );
    await refused(
      perp,
      'collateral_order_oto_place',
      { ...oto, conditional_order_type: 'margin_stop_loss' },
      1,
      'invalid argument: stop_loss is required',
    );
    await refused(
      perp,
      'collateral_order_oto_place',
      { ...oto, conditional_order_type: 'margin_take_profit', take_profit: '58000' },
      105,
      'wrong activation price for take profit',
    );
    await refused(
      perp,
      'collateral_order_oto_place',
      { ...oto, conditional_order_type: 'margin_stop_loss', stop_loss: '60000' },
      106,
      'wrong activation price for stop loss',
    );
    await refused(
      perp,
      'collateral_order_oto_place',
      {
        ...oto,
        trigger_order: { ...oto.trigger_order, rpi: true },
        conditional_order_type: 'margin_stop_loss',
        stop_loss: '58000',
      },
      1,
      'invalid argument: rpi',
    );
    assert.deepEqual(await perpUser.activeOrders({ market: 'BTC_PERP' }), []);
  });

  test('cancels of what is not there, or not the user’s: code 6 order not found', async () => {
    const theirs = await placed(perp, 'collateral_order_limit_place', {
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.001',
      price: '59000',
    });
    await refused(ws, 'order_cancel', { market: 'BTC_PERP', order_id: theirs.id }, 6, 'order not found');
    await refused(ws, 'order_cancel', { market: 'BTC_USDT', order_id: 987654 }, 6, 'order not found');
    await refused(ws, 'order_cancel', { market: 'BTC_USDT', client_order_id: 'never-placed' }, 6, 'order not found');
    await refused(perp, 'order_cancel_conditional', { market: 'BTC_PERP', order_id: 987654 }, 6, 'order not found');
    await refused(
      perp,
      'order_cancel_conditional',
      { market: 'BTC_PERP' },
      1,
      'invalid argument: order_id is required',
    );
    // still there: only its owner cancels it
    assert.equal((await perpUser.activeOrders({ market: 'BTC_PERP' })).length, 1);
  });
});
