import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcError, type TxcClient } from '@txc/sdk';
import { TestServer } from '../../support/test-server.js';
import { feeAccount, trader } from '../../support/trading.js';
import { txc } from '../../support/txc-cli.js';

const FEE = '/api/v4/market/fee';
const SINGLE = '/api/v4/market/fee/single';

/** The answer of a signed POST, success or refusal. */
async function post(client: TxcClient, path: string, body: Record<string, unknown> = {}): Promise<unknown> {
  try {
    return await client.privatePost(path, body);
  } catch (e) {
    if (e instanceof TxcError) return { status: e.status, body: e.body };
    throw e;
  }
}

/** The demo venue's defaults: 0.1 % on spot pairs, 0.01 % maker and 0.055 % taker on perpetuals. */
const DEFAULTS = {
  error: null,
  taker: '0.1',
  maker: '0.1',
  futures_taker: '0.055',
  futures_maker: '0.01',
  rpi_maker_fee_premium: null,
  futures_rpi_maker_fee_premium: null,
  custom_fee: {},
};

describe('fees per user: market/fee, market/fee/single, the admin API and the CLI', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;

  before(async () => {
    server = await TestServer.start();
    alice = await trader(server, 'alice', { USDT: '1000000', BTC: '10' });
    bob = await trader(server, 'bob', { USDT: '1000000', BTC: '10' });
  });
  after(() => server.stop());

  it("a user without rates of their own: the markets' defaults, each market's own rates", async () => {
    assert.deepEqual(await post(alice, FEE), DEFAULTS);
    // `market` is accepted and ignored, as documented
    assert.deepEqual(await post(alice, FEE, { market: 'BTC_USDT' }), DEFAULTS);
    assert.deepEqual(await post(alice, SINGLE, { market: 'BTC_USDT' }), { error: null, taker: '0.1', maker: '0.1' });
    assert.deepEqual(await post(alice, SINGLE, { market: 'BTC_PERP' }), { error: null, taker: '0.055', maker: '0.01' });
  });

  it('market/fee/single refuses a missing market (code 30) and one not open for trading (code 31)', async () => {
    const refused = (code: number, message: string) => ({
      status: 422,
      body: { code, message: 'Validation failed', errors: { market: [message] } },
    });
    assert.deepEqual(await post(alice, SINGLE), refused(30, 'Market field is required.'));
    assert.deepEqual(await post(alice, SINGLE, { market: 7 }), refused(30, 'Market field should be a string.'));
    assert.deepEqual(await post(alice, SINGLE, { market: 'NOPE_USDT' }), refused(31, 'Market is not available.'));
  });

  it("the admin API sets a user's own rates on one market; market/fee lists it, others are unaffected", async () => {
    const set = await server.admin('POST', '/admin/v1/users/alice/fees', {
      market: 'BTC_USDT',
      makerFee: '0.02',
      takerFee: '0.04',
    });
    assert.deepEqual(set, {
      status: 200,
      body: { user: 'alice', market: 'BTC_USDT', makerFee: '0.02', takerFee: '0.04' },
    });
    assert.deepEqual(await post(alice, FEE), {
      ...DEFAULTS,
      custom_fee: { BTC_USDT: { taker: '0.04', maker: '0.02' } },
    });
    assert.deepEqual(await post(alice, SINGLE, { market: 'BTC_USDT' }), { error: null, taker: '0.04', maker: '0.02' });
    assert.deepEqual(await post(bob, FEE), DEFAULTS);
  });

  it("every fill charges each side its owner's rate; order objects show the rates as ratios", async () => {
    const before = await feeAccount(server, 'USDT');
    const resting = await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '1', price: '60000' });
    assert.deepEqual([resting.takerFee, resting.makerFee], ['0.001', '0.001']);
    const taken = await alice.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '1', price: '60000' });
    // alice takes at her own 0.04 % (24 USDT), bob makes at the market's 0.1 % (60 USDT)
    assert.equal(taken.dealFee, '24');
    assert.deepEqual([taken.takerFee, taken.makerFee], ['0.0004', '0.0002']);
    assert.deepEqual(await alice.tradeBalance('USDT'), { available: '939976', freeze: '0' });
    assert.deepEqual(await bob.tradeBalance('USDT'), { available: '1059940', freeze: '0' });
    assert.equal(Number(await feeAccount(server, 'USDT')) - Number(before), 84);
    // an order that never rests shows no maker rate
    const market = await alice.orderMarket({ market: 'BTC_USDT', side: 'buy', amount: '10' });
    assert.deepEqual([market.takerFee, market.makerFee], ['0.0004', '0']);
    const history = (await alice.orderHistory({ market: 'BTC_USDT' })).BTC_USDT ?? [];
    assert.deepEqual(
      history.map((o) => [o.takerFee, o.makerFee]),
      [
        ['0.0004', '0'],
        ['0.0004', '0.0002'],
      ],
    );
  });

  it('rates for every market set the defaults; on perpetuals they only ever lower the market’s', async () => {
    const all = await server.admin('POST', '/admin/v1/users/alice/fees', { makerFee: '0.05', takerFee: null });
    assert.deepEqual(all.body, { user: 'alice', market: null, makerFee: '0.05', takerFee: null });
    assert.deepEqual(await post(alice, FEE), {
      ...DEFAULTS,
      maker: '0.05',
      // 0.05 % is above the perpetuals' 0.01 %: theirs stays
      futures_maker: '0.01',
      custom_fee: { BTC_USDT: { taker: '0.04', maker: '0.02' } },
    });
    await server.admin('POST', '/admin/v1/users/alice/fees', { market: 'BTC_PERP', makerFee: '0', takerFee: '1' });
    assert.deepEqual(await post(alice, SINGLE, { market: 'BTC_PERP' }), { error: null, taker: '0.055', maker: '0' });
    const listed = (await post(alice, FEE)) as { custom_fee: Record<string, unknown> };
    assert.deepEqual(listed.custom_fee.BTC_PERP, { taker: '0.055', maker: '0' });
    // both null forget a setting: the market's rates again
    await server.admin('POST', '/admin/v1/users/alice/fees', { market: 'BTC_PERP', makerFee: null, takerFee: null });
    assert.deepEqual(await post(alice, SINGLE, { market: 'BTC_PERP' }), { error: null, taker: '0.055', maker: '0.01' });
  });

  it('the admin API refuses what it cannot set, in its own family', async () => {
    const refused = async (path: string, body: unknown, status: number, error: RegExp): Promise<void> => {
      const r = await server.admin('POST', path, body);
      assert.equal(r.status, status, JSON.stringify(r.body));
      assert.match((r.body as { error: string }).error, error);
    };
    await refused('/admin/v1/users/nobody/fees', { makerFee: '0.1', takerFee: '0.1' }, 404, /User nobody not found/);
    await refused('/admin/v1/users/alice/fees', { market: 'NOPE', makerFee: '0.1', takerFee: '0.1' }, 404, /NOPE/);
    await refused('/admin/v1/users/alice/fees', { makerFee: '-0.1', takerFee: '0.1' }, 400, /makerFee must be/);
    await refused('/admin/v1/users/alice/fees', { makerFee: '0.1', takerFee: '100.5' }, 400, /takerFee must be/);
    await refused('/admin/v1/users/alice/fees', { makerFee: '0.1' }, 400, /takerFee is required/);
    await refused('/admin/v1/users/alice/fees', { makerFee: '0.1', takerFee: '0.1', tier: 1 }, 400, /Unknown field/);
  });

  it('the CLI sets rates through the admin API; they survive a restart', async () => {
    const run = await txc(['user-fee', 'bob', '0.03', 'market', '--market', 'ETH_USDT', '--data-dir', server.dataDir]);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { user: 'bob', market: 'ETH_USDT', makerFee: '0.03', takerFee: null });
    await server.restart();
    const key = await server.admin('POST', '/admin/v1/users/bob/api-keys', { permissions: ['trading'] });
    const { apiKey, apiSecret } = key.body as { apiKey: string; apiSecret: string };
    const again = server.client(apiKey, apiSecret);
    assert.deepEqual(await post(again, SINGLE, { market: 'ETH_USDT' }), { error: null, taker: '0.1', maker: '0.03' });
  });

  it("the CLI refuses a rate it cannot take in its own words: `market`, not the admin API's null", async () => {
    for (const rates of [
      ['null', '0.04'],
      ['0.02', '5%'],
      ['0.02', '101'],
    ]) {
      const run = await txc(['user-fee', 'bob', ...rates, '--data-dir', server.dataDir]);
      assert.equal(run.code, 1, run.stdout);
      assert.match(run.stderr, /a percent from 0 to 100 \("0\.1" is 0\.1 %\), or market for the market's rate/);
      assert.doesNotMatch(run.stderr, /or null/);
    }
  });
});
