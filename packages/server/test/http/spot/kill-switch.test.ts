import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { eventually } from '../../support/eventually.js';
import { ManualClock } from '../../support/manual-clock.js';
import { TestServer } from '../../support/test-server.js';
import { fails, validation } from '../../support/trading.js';

const SWITCH = '/api/v4/order/kill-switch';
const STATUS = '/api/v4/order/kill-switch/status';

describe('order/kill-switch and its status through HTTP', () => {
  const clock = new ManualClock();
  let server: TestServer;
  let keys: { apiKey: string; apiSecret: string };
  let alice: TxcClient;

  const trader = (): TxcClient => server.client(keys.apiKey, keys.apiSecret);

  before(async () => {
    server = await TestServer.start({}, undefined, { clock });
    const user = await server.user('alice', { deposits: { USDT: '100000', BTC: '2', ETH: '20' } });
    keys = user;
    alice = trader();
    for (const [ticker, amount] of Object.entries({ USDT: '100000', BTC: '2', ETH: '20' })) {
      await alice.transfer({ ticker, amount, from: 'main', to: 'spot' });
    }
  });
  after(() => server.stop());

  // times are whole seconds: real time crossing one between the calls would move startTime by one
  it('arms, refreshes and disarms a timer; the status lists what is armed', () =>
    clock.standingStill(armRefreshDisarm));

  async function armRefreshDisarm(): Promise<void> {
    const armed = await alice.privatePost<Record<string, unknown>>(SWITCH, { market: 'BTC_USDT', timeout: '60' });
    const start = armed.startTime as number;
    assert.deepEqual(armed, { market: 'BTC_USDT', startTime: start, cancellationTime: start + 60, types: null });
    assert.ok(Math.abs(start - clock.nowMs() / 1000) < 2);
    clock.advance(10_000);
    const refreshed = await alice.privatePost<Record<string, unknown>>(SWITCH, {
      market: 'BTC_USDT',
      timeout: 30,
      types: ['spot', 'margin'],
    });
    assert.equal(refreshed.startTime, start + 10);
    assert.deepEqual(refreshed, { ...refreshed, cancellationTime: start + 40, types: ['spot', 'margin'] });
    await alice.privatePost(SWITCH, { market: 'ETH_USDT', timeout: '600' });
    const all = await alice.privatePost<Record<string, unknown>[]>(STATUS, {});
    assert.deepEqual(
      all.map((t) => [t.market, t.types]),
      [
        ['BTC_USDT', ['spot', 'margin']],
        ['ETH_USDT', null],
      ],
    );
    assert.deepEqual(await alice.privatePost(STATUS, { market: 'BTC_USDT' }), [refreshed]);
    // ccxt's spelling of null
    assert.deepEqual(await alice.privatePost(SWITCH, { market: 'BTC_USDT', timeout: 'null' }), []);
    assert.deepEqual(await alice.privatePost(SWITCH, { market: 'ETH_USDT', timeout: null }), []);
    assert.deepEqual(await alice.privatePost(STATUS, {}), []);
  }

  it('refuses bad requests with code 30, a market not open with 31, and arms nothing', async () => {
    await fails(
      alice.privatePost(SWITCH, {}),
      422,
      validation({ market: ['Market field is required.'], timeout: ['Timeout field is required.'] }),
    );
    await fails(
      alice.privatePost(SWITCH, { market: 'BTC_USDT', timeout: '4' }),
      422,
      validation({ timeout: ['Timeout should be at least 5.'] }),
    );
    await fails(
      alice.privatePost(SWITCH, { market: 'BTC_USDT', timeout: 601 }),
      422,
      validation({ timeout: ['Timeout should not be greater than 600.'] }),
    );
    await fails(
      alice.privatePost(SWITCH, { market: 'BTC_USDT', timeout: '5.5' }),
      422,
      validation({ timeout: ['Timeout should be an integer.'] }),
    );
    await fails(
      alice.privatePost(SWITCH, { market: 'BTC_USDT', timeout: 60, types: ['spot', 'options'] }),
      422,
      validation({ types: ['The selected types is invalid.'] }),
    );
    await fails(
      alice.privatePost(SWITCH, { market: 'BTC_USDT', timeout: 60, types: [] }),
      422,
      validation({ types: ['The types must have between 1 and 3 items.'] }),
    );
    const notOpen = { code: 31, message: 'Validation failed', errors: { market: ['Market is not available.'] } };
    await fails(alice.privatePost(SWITCH, { market: 'NOPE_USDT', timeout: 60 }), 422, notOpen);
    await fails(alice.privatePost(STATUS, { market: 'NOPE_USDT' }), 422, notOpen);
    assert.deepEqual(await alice.privatePost(STATUS, {}), []);
  });

  // expiry is exact and the server's timer reads the clock: running, slow steps after the second advance would let
  // real time carry the refreshed switch past its expiry before the look that it has not fired
  it("on expiry cancels the user's orders on that market of the types named, and nothing else", () =>
    clock.standingStill(expireSwitches));

  async function expireSwitches(): Promise<void> {
    const btc = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '40000' });
    const eth = await alice.orderNew({ market: 'ETH_USDT', side: 'buy', amount: '0.1', price: '1000' });
    await alice.privatePost(SWITCH, { market: 'BTC_USDT', timeout: 5 });
    await alice.privatePost(SWITCH, { market: 'ETH_USDT', timeout: 5, types: ['futures'] });
    // refreshed before it expires, a switch does not act
    clock.advance(4_000);
    await alice.privatePost(SWITCH, { market: 'BTC_USDT', timeout: 5 });
    clock.advance(4_000);
    await sleep(600);
    assert.equal((await alice.activeOrders({ market: 'BTC_USDT' })).length, 1);
    clock.advance(2_000);
    await eventually(
      'the BTC_USDT order cancelled',
      async () => (await alice.activeOrders({ market: 'BTC_USDT' })).length === 0,
    );
    // the ETH_USDT switch reaches futures orders only: it fired and left the spot order
    await eventually('every switch fired', async () => (await alice.privatePost<unknown[]>(STATUS, {})).length === 0);
    assert.deepEqual(
      (await alice.activeOrders({ market: 'ETH_USDT' })).map((o) => o.orderId),
      [eth.orderId],
    );
    const history = await alice.privatePost<Record<string, { status: string }[]>>(
      '/api/v4/trade-account/order/history',
      {
        orderId: btc.orderId,
      },
    );
    assert.deepEqual(
      history.BTC_USDT?.map((o) => o.status),
      ['CANCELLED'],
    );
    await alice.orderCancelAll({});
  }

  it('survives a restart: a switch that expired while the server was down acts at start-up', async () => {
    await alice.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '90000' });
    await alice.privatePost(SWITCH, { market: 'BTC_USDT', timeout: 300 });
    await server.restart(() => {
      clock.advance(600_000);
      return Promise.resolve();
    });
    alice = trader();
    await eventually(
      'the order cancelled at start-up',
      async () => (await alice.activeOrders({ market: 'BTC_USDT' })).length === 0,
    );
    assert.deepEqual(await alice.privatePost(STATUS, {}), []);
  });
});
