import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcError, type TxcClient } from '@txc/sdk';
import { TestServer } from '../../support/test-server.js';
import { fails, spot, trader, validation } from '../../support/trading.js';

const MODIFY = '/api/v4/order/modify';

function engineError(status: number, code: number, field: string, message: string): [number, unknown] {
  return [
    status,
    { code, message: code === 2 ? 'Inner validation failed' : 'Validation failed', errors: { [field]: [message] } },
  ];
}

/** A trader whose requests may be in flight together: signed with `nonceWindow`. */
async function concurrentTrader(server: TestServer, name: string, funds: Record<string, string>): Promise<TxcClient> {
  const { apiKey, apiSecret } = await server.user(name, { deposits: funds });
  const client = server.client(apiKey, apiSecret, { nonceWindow: true });
  for (const [ticker, amount] of Object.entries(funds))
    await client.transfer({ ticker, amount, from: 'main', to: 'spot' });
  return client;
}

describe('order/modify through HTTP (reference §5.9–5.10)', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;

  before(async () => {
    server = await TestServer.start();
    alice = await trader(server, 'alice', { USDT: '100000', BTC: '2' });
    bob = await trader(server, 'bob', { USDT: '100000', BTC: '2' });
  });
  after(() => server.stop());

  it('answers an array with the new order: a new id, the client id kept, the old order gone, the hold moved', async () => {
    const old = await alice.orderNew({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.5',
      price: '40000',
      clientOrderId: 'm-1',
    });
    const answer = await alice.orderModify({ market: 'BTC_USDT', clientOrderId: 'm-1', price: '30000', amount: '1' });
    assert.equal(answer.length, 1);
    const [next] = answer;
    assert.notEqual(next.orderId, old.orderId);
    assert.deepEqual(
      [next.clientOrderId, next.type, next.side, next.price, next.amount, next.left, next.status],
      ['m-1', 'limit', 'buy', '30000', '1', '1', 'NEW'],
    );
    // 30 000 + 0.1 % held, and only that
    assert.deepEqual(await spot(alice, 'USDT'), { available: '69970', freeze: '30030' });
    const open = await alice.activeOrders({ market: 'BTC_USDT' });
    assert.deepEqual(
      open.map((o) => o.orderId),
      [next.orderId],
    );
    await fails(alice.orderCancel({ market: 'BTC_USDT', orderId: old.orderId }), 400, {
      code: 2,
      message: 'Inner validation failed',
      errors: { orderId: ['Unexecuted order was not found.'] },
    });
    await alice.orderCancel({ market: 'BTC_USDT', orderId: next.orderId });
  });

  it('refuses a bad request with code 30 (31 for the market) and changes nothing', async () => {
    const o = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '40000' });
    const cases: [Record<string, unknown>, number, unknown][] = [
      [{ market: 'BTC_USDT', price: '1' }, 422, validation({ orderId: ['OrderId field is required.'] })],
      [
        { market: 'BTC_USDT', orderId: o.orderId, clientOrderId: 'x', price: '1' },
        422,
        validation({ orderId: ['Only one of orderId and clientOrderId may be given.'] }),
      ],
      [
        { market: 'BTC_USDT', orderId: o.orderId },
        422,
        validation({ amount: ['One of amount, total, price and activationPrice is required.'] }),
      ],
      [
        { market: 'BTC_USDT', orderId: o.orderId, amount: '0.1', total: '100' },
        422,
        validation({ total: ['Only one of amount and total may be given.'] }),
      ],
      [
        { market: 'NOPE_USDT', orderId: o.orderId, price: '1' },
        422,
        { code: 31, message: 'Validation failed', errors: { market: ['Market is not available.'] } },
      ],
      [
        { market: 'BTC_USDT', orderId: o.orderId, price: '1.001' },
        422,
        validation({ price: ['Min price step = 0.01'] }),
      ],
      [
        { market: 'BTC_USDT', orderId: o.orderId, price: '1' },
        422,
        validation({ total: ['Total (amount * price) is less than 5'] }),
      ],
      [
        { market: 'BTC_USDT', orderId: o.orderId, total: '1' },
        422,
        validation({ total: ['Total amount should be no less than 5 + trade fee'] }),
      ],
      // the money amount's words, naming the field
      [
        { market: 'BTC_USDT', orderId: o.orderId, total: '0' },
        422,
        validation({ total: ['Total should be greater than 0.'] }),
      ],
      [
        { market: 'BTC_USDT', orderId: o.orderId, total: 'x' },
        422,
        validation({ total: ['Total field should be numeric string or number.'] }),
      ],
    ];
    for (const [body, status, expected] of cases) {
      await fails(alice.privatePost(MODIFY, body), status, expected);
    }
    const open = await alice.activeOrders({ market: 'BTC_USDT' });
    assert.deepEqual(
      open.map((x) => [x.orderId, x.price]),
      [[o.orderId, '40000']],
    );
    await alice.orderCancel({ market: 'BTC_USDT', orderId: o.orderId });
  });

  it("refuses with the engine's codes and statuses, the old order left as it was", async () => {
    const ask = await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '45000' });
    const o = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '40000', postOnly: true });
    const before = await spot(alice, 'USDT');
    const cases: [Record<string, unknown>, [number, unknown]][] = [
      [{ orderId: 999_999, price: '40000' }, engineError(400, 2, 'orderId', 'Unexecuted order was not found.')],
      [{ orderId: ask.orderId, price: '40000' }, engineError(400, 2, 'orderId', 'Unexecuted order was not found.')],
      [{ orderId: o.orderId, amount: '3' }, engineError(422, 10, 'amount', 'Not enough balance.')],
      [
        { orderId: o.orderId, price: '46000' },
        engineError(422, 13, 'postOnly', "This order couldn't be executed as a maker order and was canceled."),
      ],
      [
        { orderId: o.orderId, activationPrice: '50000' },
        engineError(400, 158, 'activation_price', "Activation price can't be set for a limit order."),
      ],
      [
        { orderId: o.orderId, total: '100' },
        engineError(422, 162, 'total', 'Total cannot be specified for this order type'),
      ],
    ];
    for (const [body, [status, expected]] of cases) {
      await fails(alice.privatePost(MODIFY, { market: 'BTC_USDT', ...body }), status, expected);
    }
    // the order is not on the market named: not found, whatever that market's limits make of its figures
    await fails(
      alice.privatePost(MODIFY, { market: 'ETH_USDT', orderId: o.orderId, price: '10' }),
      ...engineError(400, 2, 'orderId', 'Unexecuted order was not found.'),
    );
    assert.deepEqual(await spot(alice, 'USDT'), before);
    const open = await alice.activeOrders({ market: 'BTC_USDT' });
    assert.deepEqual(
      open.map((x) => [x.orderId, x.price, x.amount]),
      [[o.orderId, '40000', '0.1']],
    );
    await alice.orderCancel({ market: 'BTC_USDT', orderId: o.orderId });
    await bob.orderCancel({ market: 'BTC_USDT', orderId: ask.orderId });
  });

  it('a stop-market buy: total and activation price, never amount or price (159, 163), and 101 at the last price', async () => {
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '50000' });
    await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '50000' });
    const stop = await alice.orderStopMarket({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '100',
      activation_price: '55000',
    });
    await fails(
      alice.privatePost(MODIFY, { market: 'BTC_USDT', orderId: stop.orderId, amount: '0.01' }),
      ...engineError(422, 163, 'amount', 'Amount cannot be specified for this order type'),
    );
    await fails(
      alice.privatePost(MODIFY, { market: 'BTC_USDT', orderId: stop.orderId, price: '50000' }),
      ...engineError(422, 159, 'price', "Limit price can't be set for stop market order."),
    );
    await fails(
      alice.privatePost(MODIFY, { market: 'BTC_USDT', orderId: stop.orderId, activation_price: '50000' }),
      ...engineError(400, 101, 'activation_price', 'Activation price should not be equal to the last price.'),
    );
    const [next] = await alice.orderModify({
      market: 'BTC_USDT',
      orderId: stop.orderId,
      total: '200',
      activation_price: '56000',
    });
    assert.deepEqual(
      [next.type, next.amount, (next as unknown as Record<string, unknown>).activation_price],
      ['stop market', '200', '56000'],
    );
    // a total past what the engine holds is named as the total
    await assert.rejects(
      alice.privatePost(MODIFY, { market: 'BTC_USDT', orderId: next.orderId, total: '9'.repeat(30) }),
      (e: unknown) => {
        assert.ok(e instanceof TxcError);
        const { errors } = e.body as { errors: Record<string, string[]> };
        assert.match(
          errors.total?.[0] ?? '',
          /^The total field value, that the API unable to process\. At most [0-9.]+ on this market\.$/,
        );
        return true;
      },
    );
    await alice.orderCancel({ market: 'BTC_USDT', orderId: next.orderId });
  });

  it('a stop-market sell stays held to the minimum total at its activation price, as when placed', async () => {
    const stop = await alice.orderStopMarket({
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.01',
      activation_price: '40000',
    });
    for (const change of [{ activation_price: '1' }, { amount: '0.0001' }]) {
      await fails(
        alice.privatePost(MODIFY, { market: 'BTC_USDT', orderId: stop.orderId, ...change }),
        422,
        validation({ total: ['Total (amount * price) is less than 5'] }),
      );
    }
    const [kept] = await alice.orderModify({ market: 'BTC_USDT', orderId: stop.orderId, amount: '0.02' });
    assert.equal(kept.amount, '0.02');
    await alice.orderCancel({ market: 'BTC_USDT', orderId: kept.orderId });
  });

  it('under concurrent fills: never both the old and the new order live, never neither unless filled', async () => {
    const carol = await concurrentTrader(server, 'carol', { USDT: '100000', BTC: '2' });
    const dave = await concurrentTrader(server, 'dave', { USDT: '1000000' });
    for (let round = 0; round < 5; round++) {
      const cid = `race-${round}`;
      await carol.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.05', price: '60000', clientOrderId: cid });
      // modifies by client id and takers in one burst: the sequencer takes them in some order
      const calls: Promise<unknown>[] = [];
      for (let i = 0; i < 6; i++) {
        calls.push(
          carol
            .orderModify({ market: 'BTC_USDT', clientOrderId: cid, price: String(60000 + i), amount: '0.05' })
            .catch((e: unknown) => e),
        );
        calls.push(
          dave.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '60010' }).catch((e: unknown) => e),
        );
      }
      const answers = await Promise.all(calls);
      for (const a of answers) {
        // a modification finds the order or, once it was filled, answers code 2; nothing else
        if (a instanceof TxcError) assert.equal((a.body as { code: number }).code, 2, JSON.stringify(a.body));
      }
      const open = (await carol.activeOrders({ market: 'BTC_USDT' })).filter((o) => o.clientOrderId === cid);
      assert.ok(open.length <= 1, JSON.stringify(open));
      const history = await carol
        .privatePost('/api/v4/trade-account/order/history', { market: 'BTC_USDT', clientOrderId: cid })
        .catch(() => ({}));
      const rows = ((history as Record<string, { status: string }[]>).BTC_USDT ?? []).filter(
        (r) => r.status === 'FILLED',
      );
      // neither live nor filled would be an order lost
      assert.equal(open.length + rows.length, 1, JSON.stringify({ open, rows }));
      for (const o of open) await carol.orderCancel({ market: 'BTC_USDT', orderId: o.orderId });
      await dave.orderCancelAll({ market: 'BTC_USDT' });
    }
    // what carol sold, dave bought: no coin made or lost by the replacements
    const [cb, db] = [await spot(carol, 'BTC'), await spot(dave, 'BTC')];
    const sats = (x: string): number => Math.round(Number(x) * 1e8);
    assert.equal(sats(cb.available) + sats(db.available), 2e8);
    assert.equal(cb.freeze, '0');
  });
});
