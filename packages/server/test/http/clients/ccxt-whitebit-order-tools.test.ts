import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { lastBody, whitebitAt, type Whitebit } from '../../support/ccxt-whitebit.js';
import { TestServer } from '../../support/test-server.js';

describe('ccxt whitebit against txc: editOrder and cancelAllOrdersAfter', () => {
  let server: TestServer;
  let exchange: Whitebit;

  before(async () => {
    server = await TestServer.start({ demo: true });
    const user = await server.user('editor', { deposits: { USDT: '10000', BTC: '1' } });
    exchange = whitebitAt(server, { apiKey: user.apiKey, secret: user.apiSecret });
    await exchange.loadMarkets();
    await exchange.transfer('USDT', 10000, 'main', 'spot');
  });
  after(() => server.stop());

  it('editOrder: sends order/modify, and the order moves to its new figures under a new id', async () => {
    const placed = await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 50000);
    const edited = await exchange.editOrder(placed.id ?? '', 'BTC/USDT', 'limit', 'buy', 0.02, 49000);
    assert.deepEqual(lastBody(exchange).price, '49000');
    const open = await exchange.fetchOpenOrders('BTC/USDT');
    assert.equal(open.length, 1);
    assert.notEqual(open[0]?.id, placed.id);
    assert.deepEqual([open[0]?.price, open[0]?.amount, open[0]?.clientOrderId], [49000, 0.02, placed.clientOrderId]);
    // txc answers the reference's array of one order; ccxt reads one object, so its parsed order is
    // empty and the new order is in `info` (docs/compatibility.md)
    const info = edited.info as { orderId: number; price: string }[];
    assert.deepEqual(
      info.map((o) => [String(o.orderId), o.price]),
      [[open[0]?.id, '49000']],
    );
    assert.equal(edited.id, undefined);
  });

  it('cancelAllOrdersAfter: arms the kill-switch with seconds, and disarms it with 0', async () => {
    const armed = (await exchange.cancelAllOrdersAfter(60_000, { symbol: 'BTC/USDT' })) as Record<string, unknown>;
    assert.equal(lastBody(exchange).timeout, '60');
    assert.deepEqual(armed, {
      market: 'BTC_USDT',
      startTime: armed.startTime,
      cancellationTime: (armed.startTime as number) + 60,
      types: null,
    });
    assert.deepEqual(await exchange.cancelAllOrdersAfter(0, { symbol: 'BTC/USDT' }), []);
    assert.equal(lastBody(exchange).timeout, 'null');
  });
});
