import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader } from '../support/collateral.js';
import { ADL_QUANTILE_PERIOD_MS } from '../../src/ws/channels/adl-quantile.js';
import type { TestServer } from '../support/test-server.js';
import { WsTestClient } from '../support/ws-client.js';

type Row = [string, number | null, number | null];

async function authorized(server: TestServer, client: TxcClient): Promise<WsTestClient> {
  const ws = await WsTestClient.connect(server.url);
  const { websocket_token: token } = await client.websocketToken();
  await ws.call('authorize', [token, 'public']);
  return ws;
}

async function setIndex(server: TestServer, price: string): Promise<void> {
  const r = await server.admin('POST', '/admin/v1/index-prices', { ticker: 'BTC', price });
  assert.equal(r.status, 200, JSON.stringify(r.body));
}

/** The next ADLQuantile_update's rows, checked for the documented types. */
async function nextRows(ws: WsTestClient): Promise<Row[]> {
  const push = await ws.nextPush('ADLQuantile_update');
  assert.ok(Array.isArray(push.params));
  for (const row of push.params as unknown[]) {
    assert.ok(Array.isArray(row) && row.length === 3, JSON.stringify(row));
    const [market, long, short] = row as unknown[];
    assert.equal(typeof market, 'string');
    for (const q of [long, short])
      assert.ok(q === null || (Number.isInteger(q) && (q as number) >= 0 && (q as number) <= 4));
  }
  return push.params as Row[];
}

/** Every push queued so far has arrived; how many ADLQuantile_update pushes that makes. */
async function settled(ws: WsTestClient): Promise<number> {
  await ws.sync('BTC_PERP');
  return ws.pushes('ADLQuantile_update').length;
}

describe('WebSocket ADLQuantile: the account’s auto-deleveraging quantiles', () => {
  let server: TestServer;
  let dave: TxcClient;
  let carol: TxcClient;
  let erin: TxcClient;

  before(async () => {
    // the server's intervals, the channel's 30 s push among them, are mocked before it makes them and never moved:
    // these tests count the pushes that changes make, and a slow run would otherwise let a periodic one in
    mock.timers.enable({ apis: ['setInterval'] });
    server = await collateralServer();
    // dave shorts 0.2 BTC_PERP against two longs: erin's at 60 000 on plenty of margin, carol's at 62 000 on little
    dave = await collateralTrader(server, 'dave', { USDT: '100000' });
    carol = await collateralTrader(server, 'carol', { USDT: '1000' });
    erin = await collateralTrader(server, 'erin', { USDT: '100000' });
    await dave.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.1', price: '60000' });
    await erin.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '60000' });
    await dave.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.1', price: '62000' });
    await carol.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '62000' });
  });
  after(async () => {
    try {
      await server.stop();
    } finally {
      mock.timers.reset();
    }
  });

  test('private: code 6 before authorize; code 1 for a spot, unknown or extra market', async () => {
    const ws = await WsTestClient.connect(server.url);
    assert.deepEqual((await ws.request('ADLQuantile_subscribe', [])).error, {
      code: 6,
      message: 'require authentication',
    });
    await ws.close();
    const authed = await authorized(server, carol);
    for (const params of [['BTC_USDT'], ['NOPE_PERP'], [42], ['BTC_PERP', 'ETH_PERP']]) {
      const answer = await authed.request('ADLQuantile_subscribe', params);
      assert.equal(answer.error?.code, 1, JSON.stringify(params));
      assert.equal(answer.result, null);
    }
    assert.equal((await authed.request('ADLQuantile_unsubscribe', ['BTC_PERP'])).error?.code, 1);
    assert.equal(authed.pushes('ADLQuantile_update').length, 0);
    await authed.close();
  });

  test('each account sees its own quantiles at once; a price move reorders them, and only changes are pushed', async () => {
    const c = await authorized(server, carol);
    const d = await authorized(server, dave);
    const e = await authorized(server, erin);
    for (const ws of [c, d, e]) assert.deepEqual(await ws.call('ADLQuantile_subscribe', []), { status: 'success' });
    // at 60 000 erin's long is even and carol's at a loss: erin's first (4 of a queue of two), carol's second (2)
    assert.deepEqual(await nextRows(e), [['BTC_PERP', 4, null]]);
    assert.deepEqual(await nextRows(c), [['BTC_PERP', 2, null]]);
    assert.deepEqual(await nextRows(d), [['BTC_PERP', null, 4]]);

    // erin in profit, carol still at a loss: the same order, nothing pushed
    await setIndex(server, '61000');
    assert.equal(await settled(c), 1);
    assert.equal(await settled(e), 1);

    // both in profit: the far more leveraged long goes first
    await setIndex(server, '63000');
    assert.deepEqual(await nextRows(c), [['BTC_PERP', 4, null]]);
    assert.deepEqual(await nextRows(e), [['BTC_PERP', 2, null]]);
    // dave's short is alone in its queue all along: 4, pushed once
    assert.equal(await settled(d), 1);

    // no account ever sees a row but its own position's
    for (const ws of [c, e])
      for (const p of ws.pushes('ADLQuantile_update')) assert.equal((p.params as Row[])[0]?.[2], null);
    for (const p of d.pushes('ADLQuantile_update')) assert.equal((p.params as Row[])[0]?.[1], null);
    await Promise.all([c.close(), d.close(), e.close()]);
  });

  test('[market] lists that perpetual without a position too; a closed position shows once with nulls', async () => {
    const frank = await collateralTrader(server, 'frank', { USDT: '50000' });
    const f = await authorized(server, frank);
    const all = await authorized(server, frank);
    await f.call('ADLQuantile_subscribe', ['BTC_PERP']);
    await all.call('ADLQuantile_subscribe', []);
    assert.deepEqual(await nextRows(f), [['BTC_PERP', null, null]]);
    assert.deepEqual(await nextRows(all), []);

    // frank buys carol's long from her: carol's position closes, frank's opens
    const c = await authorized(server, carol);
    await c.call('ADLQuantile_subscribe', []);
    assert.deepEqual(await nextRows(c), [['BTC_PERP', 4, null]]);
    // (her resting order moves the mark, and with it maybe her rank, before frank takes it)
    await carol.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.1', price: '61500' });
    await frank.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '61500' });
    await settled(c);
    assert.deepEqual(c.pushes('ADLQuantile_update').at(-1)?.params, [['BTC_PERP', null, null]]);
    const [row] = await nextRows(f);
    assert.equal(row?.[0], 'BTC_PERP');
    assert.equal(typeof row?.[1], 'number');
    assert.equal(row?.[2], null);
    assert.deepEqual(await nextRows(all), [row]);

    // the closed market was shown once: after that, carol's list is empty and stays so
    const shown = await settled(c);
    await setIndex(server, '60500');
    assert.equal(await settled(c), shown);

    // a new subscribe sends the current rows again; unsubscribe stops the pushes
    const count = await settled(f);
    const latest = f.pushes('ADLQuantile_update').at(-1)?.params;
    await f.call('ADLQuantile_subscribe', ['BTC_PERP']);
    assert.equal(await settled(f), count + 1);
    assert.deepEqual(f.pushes('ADLQuantile_update').at(-1)?.params, latest);
    assert.deepEqual(await f.call('ADLQuantile_unsubscribe', []), { status: 'success' });
    const stopped = await settled(f);
    await setIndex(server, '58000');
    assert.equal(await settled(f), stopped);
    await Promise.all([f.close(), all.close(), c.close()]);
  });
});

describe('WebSocket ADLQuantile: the periodic push', () => {
  let server: TestServer;

  before(async () => {
    // the channel's 30 s timer is made with the server: mocked from the start, moved by the test
    mock.timers.enable({ apis: ['setInterval'] });
    server = await collateralServer();
  });
  after(async () => {
    try {
      await server.stop();
    } finally {
      mock.timers.reset();
    }
  });

  test('the current rows every 30 s, changed or not', async () => {
    const gina = await collateralTrader(server, 'gina', { USDT: '1000' });
    const ws = await authorized(server, gina);
    await ws.call('ADLQuantile_subscribe', ['BTC_PERP']);
    assert.deepEqual(await nextRows(ws), [['BTC_PERP', null, null]]);
    mock.timers.tick(ADL_QUANTILE_PERIOD_MS - 1);
    assert.equal(await settled(ws), 1);
    mock.timers.tick(1);
    assert.deepEqual(await nextRows(ws), [['BTC_PERP', null, null]]);
    mock.timers.tick(ADL_QUANTILE_PERIOD_MS);
    assert.deepEqual(await nextRows(ws), [['BTC_PERP', null, null]]);
    await ws.close();
  });
});
