import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { successAnswers } from '../support/ccxt-pro-watch.js';
import { eventually } from '../support/eventually.js';
import { whitebitProAt, type WhitebitPro } from '../support/ccxt-whitebit.js';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';

interface CcxtOrder {
  id: string;
  status: string;
  side: string;
  type: string;
  price: number;
  amount: number;
  filled: number;
  remaining: number;
  symbol: string;
}

describe('ccxt pro whitebit, unchanged, against txc: watchBalance, watchOrders, watchMyTrades', () => {
  let server: TestServer;
  let exchange: WhitebitPro;
  let answers: () => number;
  let alice: TxcClient;
  let bob: TxcClient;

  before(async () => {
    server = await TestServer.start();
    const { client, apiKey, apiSecret } = await server.user('proalice', { deposits: { BTC: '1', USDT: '100000' } });
    alice = client;
    for (const ticker of ['BTC', 'USDT']) {
      const amount = ticker === 'BTC' ? '1' : '100000';
      assert.deepEqual(await alice.transfer({ ticker, amount, from: 'main', to: 'spot' }), []);
    }
    bob = await trader(server, 'probob', { BTC: '5', USDT: '100000' });
    exchange = await whitebitProAt(server, { apiKey, secret: apiSecret });
    answers = successAnswers(exchange);
  });
  after(async () => {
    await exchange.close();
    await server.stop();
  });

  test('watchBalance: the REST snapshot, then what an order holds', async () => {
    // ccxt resolves a watch on the first update after its subscription: the snapshot is REST's
    const watching = exchange.watchBalance();
    // authorize and balanceSpot_subscribe answered
    await eventually('the balance subscription', () => answers() >= 2);
    const snapshot = exchange.balance as unknown as Record<string, { free: number; used: number } | undefined>;
    assert.deepEqual([snapshot.USDT?.free, snapshot.USDT?.used], [100000, 0]);
    assert.deepEqual([snapshot.BTC?.free, snapshot.BTC?.used], [1, 0]);
    await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.5', price: '40000' });
    const balance = await watching;
    const rest = await alice.tradeBalance('USDT');
    assert.deepEqual([balance.USDT?.free, balance.USDT?.used], [Number(rest.available), Number(rest.freeze)]);
    assert.deepEqual([balance.USDT?.free, balance.USDT?.used], [79980, 20020]);
    assert.deepEqual([balance.BTC?.free, balance.BTC?.used], [1, 0]);
  });

  test('watchOrders: a cancel is canceled, a partial fill open with what filled', async () => {
    const watching = exchange.watchOrders('BTC/USDT');
    await eventually('the orders subscription', () => answers() >= 3);
    const [resting] = await alice.activeOrders({ market: 'BTC_USDT' });
    assert.ok(resting !== undefined);
    await alice.orderCancel({ market: 'BTC_USDT', orderId: resting.orderId });
    await watching;
    const cached = (id: number): CcxtOrder | undefined =>
      (exchange.orders as unknown as CcxtOrder[] | undefined)?.find((o) => o.id === String(id));
    await eventually('the cancelled order in ccxt', () => cached(resting.orderId)?.status === 'canceled');
    const cancelled = cached(resting.orderId);
    assert.deepEqual(
      [cancelled?.symbol, cancelled?.side, cancelled?.type, cancelled?.price, cancelled?.amount, cancelled?.filled],
      ['BTC/USDT', 'buy', 'limit', 40000, 0.5, 0],
    );

    const partial = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.3', price: '40000' });
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '40000' });
    await eventually('the partial fill in ccxt', () => cached(partial.orderId)?.filled === 0.1);
    const open = cached(partial.orderId);
    assert.deepEqual([open?.status, open?.remaining, open?.amount], ['open', 0.2, 0.3]);
  });

  test('watchMyTrades: a fill as REST executed-history lists it', async () => {
    const watching = exchange.watchMyTrades('BTC/USDT');
    await eventually('the deals subscription', () => answers() >= 4);
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.05', price: '40000' });
    await watching;
    const [rest] = (await alice.executedHistory({ market: 'BTC_USDT', limit: 1 })) as unknown as [
      { id: number; orderId: number; fee: string; amount: string },
    ];
    const trades = (): {
      id: string;
      order: string;
      price: number;
      amount: number;
      side: string;
      takerOrMaker: string;
      fee: { cost: number; currency: string };
    }[] => (exchange.myTrades as unknown as never[] | undefined) ?? [];
    await eventually('the trade in ccxt', () => trades().some((t) => t.id === String(rest.id)));
    const trade = trades().find((t) => t.id === String(rest.id));
    assert.deepEqual(
      [
        trade?.order,
        trade?.price,
        trade?.amount,
        trade?.side,
        trade?.takerOrMaker,
        trade?.fee.cost,
        trade?.fee.currency,
      ],
      [String(rest.orderId), 40000, 0.05, 'buy', 'maker', Number(rest.fee), 'USDT'],
    );
  });
});
