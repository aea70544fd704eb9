import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { authorizedSocket } from '../support/ws-account.js';

/** A decimal text in units of 10^-8, exactly. */
function units(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(`${whole}${fraction.padEnd(8, '0')}`);
}

type Push = { method?: string; params: unknown[] };
type PendingOrder = { id: number; price: string };

describe('WebSocket account streams: the order of a command’s frames', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;

  before(async () => {
    server = await TestServer.start();
    // her requests go out together: nonces unique within the window, not in the order sent
    const { apiKey, apiSecret } = await server.user('alice', { deposits: { USDT: '100010' } });
    alice = server.client(apiKey, apiSecret, { nonceWindow: true });
    // 10 left in the main account for the transfers of the test
    await alice.transfer({ ticker: 'USDT', amount: '100000', from: 'main', to: 'spot' });
    bob = await trader(server, 'bob', { BTC: '1' });
  });
  after(() => server.stop());

  test('a deal before its order’s update, and a balance never holding for an order not pushed yet', async () => {
    const ws = await authorizedSocket(server.url, alice);
    await ws.call('balanceSpot_subscribe', ['USDT']);
    await ws.call('ordersPending_subscribe', ['BTC_USDT']);
    await ws.call('deals_subscribe', [['BTC_USDT']]);
    const resting = { market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '30000' } as const;
    await alice.orderNew(resting);
    // what one such order holds (its price and the fee it may pay)
    const hold = units((await alice.tradeBalance('USDT')).freeze);
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.05', price: '40000' });
    const pushedBefore = ws.texts.length;

    // commands sharing group commits: placements, one taking bob's order, transfers changing balances alone
    const taker = alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.05', price: '40000' });
    await Promise.all([
      ...Array.from({ length: 5 }, () => alice.orderNew(resting)),
      taker,
      ...Array.from({ length: 3 }, () => alice.transfer({ ticker: 'USDT', amount: '1', from: 'main', to: 'spot' })),
    ]);
    await ws.sync();

    let known = 1n;
    let checked = 0;
    let dealAt: number | undefined;
    let filledAt: number | undefined;
    const takerId = (await taker).orderId;
    const frames = ws.texts.slice(pushedBefore).map((text) => JSON.parse(text) as Push);
    frames.forEach((frame, at) => {
      if (frame.method === 'ordersPending_update') {
        const [event, order] = frame.params as [number, PendingOrder];
        if (event === 1 && order.price === '30000') known++;
        if (order.id === takerId && event === 3) filledAt = at;
      } else if (frame.method === 'deals_update') {
        if (frame.params[3] === takerId) dealAt ??= at;
      } else if (frame.method === 'balanceSpot_update') {
        const [{ USDT }] = frame.params as [{ USDT: { freeze: string } }];
        assert.equal(units(USDT.freeze), known * hold, `frame ${at}: ${JSON.stringify(frames.slice(0, at + 1))}`);
        checked++;
      }
    });
    assert.equal(known, 6n, 'every resting order pushed');
    assert.ok(checked > 0, 'balances pushed');
    assert.ok(
      dealAt !== undefined && filledAt !== undefined && dealAt < filledAt,
      `deal ${dealAt}, filled ${filledAt}`,
    );
    await ws.close();
  });
});
