import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader } from '../../support/collateral.js';
import { eventually } from '../../support/eventually.js';
import type { TestServer } from '../../support/test-server.js';
import { trader } from '../../support/trading.js';
import { authorizedSocket, pushWhere } from '../../support/ws-account.js';
import type { WsTestClient } from '../../support/ws-client.js';

type PendingUpdate = [number, { id: number; status: string }];

/** The status order history shows for `orderId` (undefined while it is not there). */
async function historyStatus(client: TxcClient, market: string, orderId: number): Promise<string | undefined> {
  const history = (await client.orderHistory({ market }))[market] ?? [];
  return history.find((o) => o.id === orderId)?.status;
}

/** The status of the `ordersPending_update` event 3 (finished) of `orderId`, waiting for it. */
async function pushedStatus(ws: WsTestClient, orderId: number): Promise<string> {
  const [, order] = (await pushWhere(ws, 'ordersPending_update', (p) => {
    const [event, o] = p as PendingUpdate;
    return event === 3 && o.id === orderId;
  })) as PendingUpdate;
  return order.status;
}

/**
 * A cancel the engine made for a reason shows the reference's status for it, in the order history
 * (reference §5.8) and on the order streams (websocket spec §7.1); other cancels stay plain.
 */
describe('why an order was cancelled, through HTTP and ordersPending', () => {
  let server: TestServer;

  before(async () => {
    server = await collateralServer();
  });
  after(() => server.stop());

  it('self-trade prevention: CANCELED_STP for the resting order and the new one; CANCELED lists them', async () => {
    const alice = await trader(server, 'alice', { USDT: '100000', BTC: '5' });
    const ws = await authorizedSocket(server.url, alice);
    await ws.call('ordersPending_subscribe', ['BTC_USDT']);
    const own = await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '50000' });
    const both = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '50000', stp: 'cb' });
    // the answer to an order request keeps the spec's four statuses
    assert.equal(both.status, 'CANCELLED');
    const plain = await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '52000' });
    await alice.orderCancel({ market: 'BTC_USDT', orderId: plain.order_id });
    for (const id of [own.order_id, both.order_id]) {
      assert.equal(await historyStatus(alice, 'BTC_USDT', id), 'CANCELED_STP');
      assert.equal(await pushedStatus(ws, id), 'CANCELED_STP');
    }
    // a cancel its owner asked for keeps the plain spellings
    assert.equal(await historyStatus(alice, 'BTC_USDT', plain.order_id), 'CANCELLED');
    assert.equal(await pushedStatus(ws, plain.order_id), 'CANCELED');
    // the filter names no reason: every cancelled order is a cancelled order
    const cancelled = (await alice.orderHistory({ market: 'BTC_USDT', status: 'CANCELED' })).BTC_USDT ?? [];
    assert.deepEqual(cancelled.map((o) => [o.id, o.status]).sort(), [
      [own.order_id, 'CANCELED_STP'],
      [both.order_id, 'CANCELED_STP'],
      [plain.order_id, 'CANCELLED'],
    ]);
    // placed on the socket, the answer says what its push says
    await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '50000' });
    const answered = (await ws.call('order_limit_place', [
      { market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '50000', stp: 'cn' },
    ])) as { id: number; status: string };
    assert.equal(answered.status, 'CANCELED_STP');
    assert.equal(await pushedStatus(ws, answered.id), 'CANCELED_STP');
    await ws.close();
  });

  it('order_modify, the OTO trigger order and OCO legs, cancelled on arrival by self-trade prevention, answer CANCELED_STP as their push', async () => {
    const sam = await trader(server, 'sam', { USDT: '100000', BTC: '5' });
    const ws = await authorizedSocket(server.url, sam);
    await ws.call('ordersPending_subscribe', ['BTC_USDT']);
    // below every other sell left on the book
    await sam.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '45000' });
    const low = await sam.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '44000', stp: 'cn' });
    // moved onto its owner's own sell: the replacement is cancelled by self-trade prevention
    const modified = (await ws.call('order_modify', [
      { market: 'BTC_USDT', order_id: low.order_id, price: '45000' },
    ])) as { id: number; status: string };
    assert.equal(await pushedStatus(ws, modified.id), 'CANCELED_STP');
    assert.equal(modified.status, 'CANCELED_STP');
    await sam.orderCancelAll({ market: 'BTC_USDT' });
    await ws.close();

    const tess = await collateralTrader(server, 'tess', { USDT: '100000' });
    const uma = await collateralTrader(server, 'uma', { USDT: '100000' });
    const tws = await authorizedSocket(server.url, tess);
    await tws.call('ordersPending_subscribe', ['BTC_PERP']);
    // a last price for the OCO's checks
    await uma.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.02', price: '60000' });
    await tess.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.02', price: '60000' });
    await tess.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.01', price: '60000' });
    const group = (await tws.call('collateral_order_oto_place', [
      {
        trigger_order_type: 'margin_limit',
        trigger_order: { market: 'BTC_PERP', side: 'buy', amount: '0.01', price: '60000', stp: 'cn' },
        conditional_order_type: 'margin_market_oco',
        take_profit: '62000',
        stop_loss: '57000',
      },
    ])) as { trigger_order: { id: number; status: string } };
    assert.equal(await pushedStatus(tws, group.trigger_order.id), 'CANCELED_STP');
    assert.equal(group.trigger_order.status, 'CANCELED_STP');
    await tess.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.01', price: '59000' });
    const oco = (await tws.call('collateral_order_oco_place', [
      {
        market: 'BTC_PERP',
        side: 'buy',
        amount: '0.01',
        price: '59000',
        activation_price: '61000',
        stop_limit_price: '61500',
        stp: 'cn',
      },
    ])) as { stop_loss: { id: number; status: string }; take_profit: { id: number; status: string } };
    for (const leg of [oco.take_profit, oco.stop_loss]) {
      assert.equal(await pushedStatus(tws, leg.id), 'CANCELED_STP');
      assert.equal(leg.status, 'CANCELED_STP');
    }
    await tess.orderCancelAll({ market: 'BTC_PERP' });
    await tws.close();
  });

  it('a reduce-only order whose position closed: AUTO_CANCELED_REDUCE_ONLY', async () => {
    const alice = await collateralTrader(server, 'rhea', { USDT: '10000' });
    const bob = await collateralTrader(server, 'bob', { USDT: '1000000' });
    const ws = await authorizedSocket(server.url, alice);
    await ws.call('ordersPending_subscribe', ['BTC_PERP']);
    await bob.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.1', price: '60000' });
    await alice.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '60000' });
    const closing = await alice.collateralLimit({
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.1',
      price: '65000',
      reduceOnly: true,
    });
    // the position closes through another order: the reduce-only order can reduce nothing more
    await bob.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '61000' });
    await alice.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.1', price: '61000' });
    assert.equal(await historyStatus(alice, 'BTC_PERP', closing.order_id), 'AUTO_CANCELED_REDUCE_ONLY');
    assert.equal(await pushedStatus(ws, closing.order_id), 'AUTO_CANCELED_REDUCE_ONLY');
    await ws.close();
  });

  it("a liquidation's cancels: AUTO_CANCELED_LIQUIDATION", async () => {
    const dave = await collateralTrader(server, 'dave', { USDT: '100000' });
    const carol = await collateralTrader(server, 'carol', { USDT: '1000' });
    const erin = await collateralTrader(server, 'erin', { USDT: '100000' });
    const ws = await authorizedSocket(server.url, carol);
    await ws.call('ordersPending_subscribe', ['BTC_PERP']);
    // carol long 0.1 at 60 000 on 1 000 USDT: liquidated below 51 580.41, erin bids where it sells
    await dave.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.1', price: '60000' });
    await carol.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '60000' });
    await erin.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '51000' });
    const resting = await carol.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.001', price: '40000' });
    const r = await server.admin('POST', '/admin/v1/index-prices', { ticker: 'BTC', price: '51000' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(await pushedStatus(ws, resting.order_id), 'AUTO_CANCELED_LIQUIDATION');
    await eventually('the cancel in the history', async () => {
      return (await historyStatus(carol, 'BTC_PERP', resting.order_id)) !== undefined;
    });
    assert.equal(await historyStatus(carol, 'BTC_PERP', resting.order_id), 'AUTO_CANCELED_LIQUIDATION');
    await ws.close();
  });
});
