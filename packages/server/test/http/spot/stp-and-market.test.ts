import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseUnits } from '@txc/core';
import type { TxcClient } from '@txc/sdk';
import { TestServer } from '../../support/test-server.js';
import { fails, feeAccount, spot, trader, validation } from '../../support/trading.js';

describe('self-trade prevention through HTTP', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;

  before(async () => {
    server = await TestServer.start();
    alice = await trader(server, 'alice', { USDT: '100000', BTC: '5' });
    bob = await trader(server, 'bob', { USDT: '100000', BTC: '5' });
  });
  after(() => server.stop());

  const book = async (): Promise<{ own: number; other: number }> => {
    await alice.orderCancelAll();
    await bob.orderCancelAll();
    const own = await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '50000' });
    const other = await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '50100' });
    return { own: own.order_id, other: other.order_id };
  };
  const open = async (c: TxcClient): Promise<number[]> => (await c.activeOrders()).map((o) => o.order_id);

  it('no: the order trades with its owner’s resting order', async () => {
    const { own } = await book();
    const o = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '50000', stp: 'no' });
    assert.equal(o.status, 'FILLED');
    assert.equal((await open(alice)).includes(own), false);
  });

  it('cancel_new (cn): the new order is cancelled, the resting one stays', async () => {
    const { own } = await book();
    const o = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '50100', stp: 'cn' });
    assert.equal(o.status, 'CANCELLED');
    assert.equal(o.deal_stock, '0');
    assert.deepEqual(await open(alice), [own]);
  });

  it('cancel_old (co): the resting order is cancelled and matching goes on', async () => {
    const { own, other } = await book();
    const o = await alice.orderNew({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.1',
      price: '50100',
      stp: 'cancel_old',
    });
    assert.equal(o.status, 'FILLED');
    assert.equal(o.deal_money, '5010');
    assert.deepEqual(await open(alice), []);
    assert.equal((await open(bob)).includes(other), false);
    assert.ok(own > 0);
  });

  it('cancel_both (cb): both are cancelled', async () => {
    const { other } = await book();
    const o = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '50100', stp: 'cb' });
    assert.equal(o.status, 'CANCELLED');
    assert.deepEqual(await open(alice), []);
    assert.deepEqual(await open(bob), [other]);
  });
});

describe('market and stock-market orders through HTTP (reference §5.4)', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;

  before(async () => {
    server = await TestServer.start();
    alice = await trader(server, 'alice', { USDT: '100000', BTC: '5' });
    bob = await trader(server, 'bob', { USDT: '100000', BTC: '5' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '50000' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '1', price: '60000' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '1', price: '40000' });
  });
  after(() => server.stop());

  it('a market buy spends its money amount across levels, the fee on top', async () => {
    const o = await alice.orderMarket({ market: 'BTC_USDT', side: 'buy', amount: '11000' });
    assert.equal(o.type, 'market');
    assert.equal(o.status, 'FILLED');
    assert.equal(o.amount, '11000');
    assert.equal(o.left, '0');
    assert.equal(o.deal_stock, '0.2');
    assert.equal(o.deal_money, '11000');
    assert.equal(o.deal_fee, '11');
    assert.equal(o.price, '0');
    assert.deepEqual(await spot(alice, 'USDT'), { available: '88989', freeze: '0' });
    assert.deepEqual(await spot(alice, 'BTC'), { available: '5.2', freeze: '0' });
    assert.deepEqual(await spot(bob, 'USDT'), { available: '70949', freeze: '40040' });
    assert.equal(await feeAccount(server, 'USDT'), '22');
  });

  it('a market sell sells its stock amount', async () => {
    const o = await alice.orderMarket({ market: 'BTC_USDT', side: 'sell', amount: '0.5' });
    assert.equal(o.status, 'FILLED');
    assert.equal(o.deal_money, '20000');
    assert.deepEqual(await spot(alice, 'USDT'), { available: '108969', freeze: '0' });
  });

  it('a stock-market buy buys a stock amount', async () => {
    const o = await alice.orderStockMarket({ market: 'BTC_USDT', side: 'buy', amount: '0.1' });
    assert.equal(o.type, 'stock market');
    assert.equal(o.status, 'FILLED');
    assert.equal(o.deal_money, '6000');
    assert.deepEqual(await spot(alice, 'USDT'), { available: '102963', freeze: '0' });
  });

  it('a stock-market buy whose balance pays for no lot at the best ask is refused as not enough balance', async () => {
    const carol = await trader(server, 'carol', { USDT: '6' });
    // a resting bid holds all but a few cents: less than one lot (0.000001 BTC) at the best ask, 60000
    const bid = await carol.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.000149', price: '40000' });
    const left = await spot(carol, 'USDT');
    assert.ok((parseUnits(left.available, 6) ?? 60_000n) < 60_000n, left.available); // below 0.06 USDT
    const refused = { code: 10, message: 'Inner validation failed', errors: { amount: ['Not enough balance.'] } };
    await fails(carol.orderStockMarket({ market: 'BTC_USDT', side: 'buy', amount: '1' }), 400, refused);
    assert.deepEqual(await spot(carol, 'USDT'), left);
    assert.deepEqual(
      (await carol.activeOrders()).map((o) => o.order_id),
      [bid.order_id],
    );
  });

  it('market validation: minimum total for a buy, minimum amount for a sell, money step', async () => {
    await fails(
      alice.orderMarket({ market: 'BTC_USDT', side: 'buy', amount: '1' }),
      422,
      validation({ amount: ['Total amount should be no less than 5 + trade fee'] }),
    );
    await fails(
      alice.orderMarket({ market: 'BTC_USDT', side: 'buy', amount: '10.0000001' }),
      422,
      validation({ amount: ['Min total step = = 0.000001'] }),
    );
    await fails(
      alice.orderMarket({ market: 'BTC_USDT', side: 'sell', amount: '0.000001' }),
      422,
      validation({ amount: ['Given amount is less than min amount 0.00001'] }),
    );
    await fails(alice.orderMarket({ market: 'BTC_USDT', side: 'buy', amount: '1000000' }), 400, {
      code: 10,
      message: 'Inner validation failed',
      errors: { amount: ['Not enough balance.'] },
    });
  });

  it('a filled market buy whose last money buys less than a lot answers left "0"', async () => {
    // 100.005 buys 0.001666 BTC at 60000 (99.96): the 0.045 left pays for no further lot
    const o = await alice.orderMarket({ market: 'BTC_USDT', side: 'buy', amount: '100.005' });
    assert.equal(o.status, 'FILLED');
    assert.equal(o.deal_stock, '0.001666');
    assert.equal(o.deal_money, '99.96');
    assert.equal(o.left, '0');
  });
});
