import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader, text, units } from '../support/collateral.js';
import type { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { authorizedSocket, pushWhere } from '../support/ws-account.js';
import type { WsTestClient } from '../support/ws-client.js';

/** A position record in the documented order (websocket spec §7.7). */
const POSITION_KEYS = [
  'id',
  'market',
  'ctime',
  'mtime',
  'amount',
  'amount_in_money',
  'base_price',
  'pnl',
  'liq_price',
  'liq_stage',
  'unrealized_funding',
  'funding',
  'margin',
  'free_margin',
  'realized_pnl',
  'position_side',
];
const BORROW_KEYS = ['asset', 'ctime', 'mtime', 'amount', 'unrealized_funding', 'liq_price'];

type Snapshot<T> = { total: number; records: T[] };
type PositionRecord = Record<string, unknown> & { id: number; amount: string; liq_stage: string | null };
type BorrowRecord = Record<string, unknown> & { asset: string; amount: string };

/** The latest snapshot of a channel that satisfies `check` (received already or still to come). */
async function snapshotWhere<T>(
  ws: WsTestClient,
  method: string,
  check: (s: Snapshot<T>) => boolean,
): Promise<Snapshot<T>> {
  return (await pushWhere(ws, method, (p) => check(p as Snapshot<T>))) as Snapshot<T>;
}

describe('WebSocket account streams: positionsMargin, borrowsMargin and collateral orders', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;

  before(async () => {
    server = await collateralServer();
    alice = await collateralTrader(server, 'alice', { USDT: '1000' });
    bob = await trader(server, 'bob', { USDT: '100000', BTC: '1' });
  });
  after(async () => {
    await server.stop();
  });

  test('a margin long: the snapshot on subscribe, the position and its loan as REST shows them, then none', async () => {
    const ws = await authorizedSocket(server.url, alice);
    const other = await authorizedSocket(server.url, bob);
    assert.deepEqual(await ws.call('positionsMargin_subscribe', []), { status: 'success' });
    await ws.call('borrowsMargin_subscribe', []);
    await ws.call('ordersPending_subscribe', ['BTC_USDT']);
    await other.call('positionsMargin_subscribe', []);
    assert.deepEqual((await ws.nextPush('positionsMargin_update')).params, { total: 0, records: [] });
    assert.deepEqual((await ws.nextPush('borrowsMargin_update')).params, { total: 0, records: [] });
    assert.ok(ws.texts.includes('{"id":null,"method":"borrowsMargin_update","params":{"total":0,"records":[]}}'));

    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '60000' });
    const buy = await alice.collateralLimit({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '60000' });
    const positions = await snapshotWhere<PositionRecord>(ws, 'positionsMargin_update', (s) => s.total === 1);
    const [record] = positions.records as [PositionRecord];
    assert.deepEqual(Object.keys(record), POSITION_KEYS);
    const [rest] = await alice.openPositions();
    assert.ok(rest !== undefined);
    assert.deepEqual(
      [record.id, record.market, record.amount, record.base_price, record.liq_stage, record.position_side],
      [rest.positionId, 'BTC_USDT', '0.1', '60000', rest.liquidationState, 'BOTH'],
    );
    assert.deepEqual(
      [record.margin, record.pnl, record.funding, record.realized_pnl, record.amount_in_money],
      [rest.margin, rest.pnl, rest.funding, rest.realizedPnl, '6000'],
    );
    assert.equal(record.ctime, rest.openDate);
    // the interest accrues by the microsecond: the stream's liquidation price may be a moment older
    assert.ok(
      typeof record.liq_price === 'string' && Math.abs(Number(record.liq_price) - Number(rest.liquidationPrice)) < 1,
    );

    const borrows = await snapshotWhere<BorrowRecord>(ws, 'borrowsMargin_update', (s) => s.total === 1);
    const [loan] = borrows.records as [BorrowRecord];
    assert.deepEqual(Object.keys(loan), BORROW_KEYS);
    const [summary] = await alice.collateralBalanceSummary('USDT');
    assert.deepEqual([loan.asset, loan.amount], ['USDT', `-${summary?.borrow}`]);
    assert.equal(loan.amount, '-5006');
    assert.equal(typeof loan.unrealized_funding, 'string');

    // the collateral order filled on arrival: one event 3, a margin limit (type 7)
    await ws.sync();
    const orders = ws.pushes('ordersPending_update').map((p) => p.params as [number, Record<string, unknown>]);
    assert.deepEqual(
      orders.map(([e, o]) => [e, o.id, o.type, o.status]),
      [[3, buy.orderId, 7, 'FILLED']],
    );

    await bob.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '61000' });
    await alice.collateralLimit({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '61000' });
    await snapshotWhere<PositionRecord>(
      ws,
      'positionsMargin_update',
      (s) => s.total === 0 && ws.pushes('positionsMargin_update').length > 2,
    );
    assert.deepEqual(
      await snapshotWhere<BorrowRecord>(
        ws,
        'borrowsMargin_update',
        (s) => s.total === 0 && ws.pushes('borrowsMargin_update').length > 2,
      ),
      {
        total: 0,
        records: [],
      },
    );
    await other.sync();
    assert.deepEqual(
      other.pushes('positionsMargin_update').map((p) => p.params),
      [{ total: 0, records: [] }],
      'bob has no position and sees none of alice’s',
    );
    assert.deepEqual((await ws.request('positionsMargin_subscribe', ['BTC_USDT'])).error?.code, 1);
    await ws.close();
    await other.close();
  });
  test('ordersPending: an OTO parent filled on arrival is 3, the legs it armed are new (1)', async () => {
    const hank = await collateralTrader(server, 'hank', { USDT: '10000' });
    const ivan = await collateralTrader(server, 'ivan', { USDT: '100000' });
    const ws = await authorizedSocket(server.url, hank);
    await ws.call('ordersPending_subscribe', ['BTC_PERP']);
    await ivan.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.01', price: '60000' });
    const parent = await hank.collateralLimit({
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.01',
      price: '60000',
      stopLoss: '55000',
      takeProfit: '65000',
    });
    await ws.sync();
    const updates = ws.pushes('ordersPending_update').map((p) => p.params as [number, Record<string, unknown>]);
    assert.deepEqual(
      updates.map(([e, o]) => [e, o.type, o.status, o.reduce_only, o.activation_price ?? null]),
      [
        [3, 7, 'FILLED', false, null],
        [1, 10, 'OPEN', true, '55000'],
        [1, 10, 'OPEN', true, '65000'],
      ],
    );
    assert.equal(updates[0]?.[1].id, parent.orderId);
    assert.deepEqual(
      updates.slice(1).map(([, o]) => [o.side, o.amount, o.left]),
      [
        [1, '0.01', '0.01'],
        [1, '0.01', '0.01'],
      ],
    );
    await ws.close();
  });
});

describe('WebSocket account streams: positionsAccountMargin on margin call and liquidation', () => {
  let server: TestServer;
  let carol: TxcClient;
  let dave: TxcClient;

  async function setIndex(ticker: string, price: string): Promise<void> {
    const r = await server.admin('POST', '/admin/v1/index-prices', { ticker, price });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }

  before(async () => {
    // carol long 0.1 BTC_PERP at 60 000 on 1 000 USDT against dave; erin bids where a liquidation sells
    server = await collateralServer();
    dave = await collateralTrader(server, 'dave', { USDT: '100000' });
    carol = await collateralTrader(server, 'carol', { USDT: '1000' });
    await dave.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.1', price: '60000' });
    await carol.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '60000' });
    const erin = await collateralTrader(server, 'erin', { USDT: '100000' });
    await erin.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '51000' });
  });
  after(async () => {
    await server.stop();
  });

  test('entering margin call is event 1, the liquidation event 2 with the closed position', async () => {
    const ws = await authorizedSocket(server.url, carol);
    const watcher = await authorizedSocket(server.url, dave);
    assert.deepEqual(await ws.call('positionsAccountMargin_subscribe', []), { status: 'success' });
    await ws.call('borrowsAccountMargin_subscribe', []);
    await watcher.call('positionsAccountMargin_subscribe', []);
    const [position] = await carol.openPositions();
    assert.equal(position?.liquidationPrice, '51580.412371');
    const price = units(position?.liquidationPrice ?? '0', 6);

    await setIndex('BTC', text(price + units('0.5', 6), 6));
    const [event, call] = (await pushWhere(ws, 'positionsAccountMargin_update', () => true)) as [
      number,
      PositionRecord,
    ];
    assert.equal(event, 1);
    assert.deepEqual(Object.keys(call), POSITION_KEYS);
    assert.deepEqual([call.id, call.amount, call.liq_stage], [position?.positionId, '0.1', 'margin_call']);

    await setIndex('BTC', text(price - units('0.5', 6), 6));
    const [liquidation, closed] = (await pushWhere(
      ws,
      'positionsAccountMargin_update',
      (p) => (p as [number])[0] === 2,
    )) as [number, PositionRecord];
    assert.equal(liquidation, 2);
    assert.deepEqual(
      [closed.id, closed.amount, closed.liq_stage, closed.liq_price],
      [position?.positionId, '0', 'liquidation', null],
    );
    // sold at erin's 51 000: 0.1 × (51 000 − 60 000)
    assert.equal(closed.realized_pnl, '-900');
    await ws.sync();
    assert.equal(ws.pushes('positionsAccountMargin_update').length, 2);
    assert.equal(ws.pushes('borrowsAccountMargin_update').length, 0, 'a perpetual borrows nothing');
    await watcher.sync();
    assert.equal(watcher.pushes('positionsAccountMargin_update').length, 0, 'dave is told nothing of carol’s account');
    await ws.close();
    await watcher.close();
  });

  test('borrowsAccountMargin: a margin long’s loan on margin call (1), and repaid by its liquidation (2)', async () => {
    await setIndex('BTC', '60000');
    const frank = await collateralTrader(server, 'frank', { USDT: '1000' });
    const seller = await trader(server, 'seller', { USDT: '100000', BTC: '1' });
    await seller.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '60000' });
    await frank.collateralLimit({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '60000' });
    await seller.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '50000' });
    const ws = await authorizedSocket(server.url, frank);
    await ws.call('borrowsAccountMargin_subscribe', []);
    const [position] = await frank.openPositions();
    // a spot pair's liquidation price has the market's fine decimals (8): a cent either side is enough
    const cents = units(position?.liquidationPrice ?? '0', 8) / 1_000_000n;

    await setIndex('BTC', text(cents + 1n, 2));
    const [event, loan] = (await pushWhere(ws, 'borrowsAccountMargin_update', () => true)) as [number, BorrowRecord];
    assert.equal(event, 1);
    assert.deepEqual(Object.keys(loan), BORROW_KEYS);
    assert.deepEqual([loan.asset, loan.amount], ['USDT', '-5006']);

    await setIndex('BTC', text(cents - 1n, 2));
    const [liquidation, repaid] = (await pushWhere(
      ws,
      'borrowsAccountMargin_update',
      (p) => (p as [number])[0] === 2,
    )) as [number, BorrowRecord];
    assert.equal(liquidation, 2);
    assert.deepEqual([repaid.asset, repaid.amount, repaid.liq_price], ['USDT', '0', null]);
    assert.deepEqual(await frank.openPositions(), []);
    await ws.close();
  });
});
