import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader, ledger, text, units } from '../../support/collateral.js';
import { ManualClock } from '../../support/manual-clock.js';
import type { TestServer } from '../../support/test-server.js';
import { fails, validation } from '../../support/trading.js';
import { WsTestClient } from '../../support/ws-client.js';

const EIGHT_HOURS_MS = 480 * 60_000;
const usdt = (v: string): bigint => units(v, 6);

async function publicGet(server: TestServer, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, body: await response.json() };
}

async function settle(
  server: TestServer,
  market: string,
  clock?: ManualClock,
): Promise<{ status: number; body: unknown }> {
  // settlements ten seconds apart: each one has its own second in the histories
  clock?.advance(10_000);
  return server.admin('POST', '/admin/v1/funding/settle', { market });
}

describe('funding settlement and its histories (reference §4.12, §9)', () => {
  let server: TestServer;
  let carol: TxcClient;
  let dave: TxcClient;
  const clock = new ManualClock();

  before(async () => {
    server = await collateralServer({}, clock);
    carol = await collateralTrader(server, 'carol', { USDT: '10000' });
    dave = await collateralTrader(server, 'dave', { USDT: '10000' });
    // carol long 0.1, dave short 0.1; the book is left empty, so the mark is the index
    await dave.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.1', price: '60000' });
    await carol.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '60000' });
  });
  after(() => server.stop());

  it('longs pay shorts at the mark price, exactly; both histories record it', async () => {
    const carolBefore = (await carol.collateralBalance()).USDT;
    const daveBefore = (await dave.collateralBalance()).USDT;
    const { status, body } = await settle(server, 'BTC_PERP', clock);
    assert.equal(status, 200);
    const settled = body as { market: string; fundingRate: string; settledAt: number };
    assert.deepEqual([settled.market, settled.fundingRate], ['BTC_PERP', '0.0001']);
    assert.ok(Math.abs(settled.settledAt - clock.nowMs()) < 5000);
    // 0.1 BTC × 60 000 × 0.0001 = 0.6 USDT
    assert.equal((await carol.collateralBalance()).USDT, text(usdt(carolBefore ?? '0') - usdt('0.6'), 6));
    assert.equal((await dave.collateralBalance()).USDT, text(usdt(daveBefore ?? '0') + usdt('0.6'), 6));
    // settled into the balance, so the open position shows no funding (reference §6.4)
    const [position] = await carol.openPositions('BTC_PERP');
    assert.deepEqual([position?.funding, position?.unrealizedFunding], ['0', '0']);

    const history = await carol.fundingHistory('BTC_PERP');
    assert.equal(history.length, 1);
    assert.deepEqual(
      { ...history[0], fundingTime: '', rateCalculatedTime: '' },
      { fundingTime: '', fundingRate: '0.0001', market: 'BTC_PERP', settlementPrice: '60000', rateCalculatedTime: '' },
    );
    assert.equal(history[0]?.fundingTime, String(Math.floor(settled.settledAt / 1000)));
    assert.ok(Number(history[0]?.rateCalculatedTime) <= Number(history[0]?.fundingTime));

    const mine = await carol.collateralFundingHistory({ market: 'BTC_PERP' });
    assert.deepEqual([mine.limit, mine.offset, mine.records.length], [100, 0, 1]);
    const [record] = mine.records;
    assert.deepEqual(
      [record?.fundingAmount, record?.positionAmount, record?.fundingRate, record?.settlementPrice],
      ['-0.6', '0.1', '0.0001', '60000'],
    );
    assert.equal(record?.fundingTime, String(settled.settledAt));
    const theirs = (await dave.collateralFundingHistory()).records;
    assert.deepEqual(
      theirs.map((r) => [r.market, r.fundingAmount, r.positionAmount]),
      [['BTC_PERP', '0.6', '-0.1']],
    );
  });

  it('a premium of the book over the index raises the next rate; the cap holds it', async () => {
    // a bid 1 % above the index: the mark is the bid, the premium far beyond the cap
    const erin = await collateralTrader(server, 'erin', { USDT: '10000' });
    await erin.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.001', price: '60601.7' });
    await new Promise((r) => setTimeout(r, 1100));
    const [listed] = (await carol.futures()).result;
    assert.equal(listed?.markPrice, '60601.7');
    assert.equal(listed?.funding_rate, '0.0003');
    const { body } = await settle(server, 'BTC_PERP', clock);
    assert.equal((body as { fundingRate: string }).fundingRate, '0.0003');
    // notional at the mark: 0.1 × 60 601.7 × 0.0003 = 1.818051
    const [latest] = (await carol.collateralFundingHistory()).records;
    assert.deepEqual([latest?.fundingAmount, latest?.settlementPrice], ['-1.818051', '60601.7']);
  });

  it('histories page newest first and filter by dates', async () => {
    await settle(server, 'BTC_PERP', clock);
    const all = await carol.fundingHistory('BTC_PERP');
    assert.equal(all.length, 3);

    const times = all.map((r) => Number(r.fundingTime));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    assert.deepEqual(await carol.fundingHistory('BTC_PERP', { limit: 2 }), all.slice(0, 2));
    assert.deepEqual(await carol.fundingHistory('BTC_PERP', { offset: 2 }), all.slice(2));
    const oldest = Number(all[2]?.fundingTime);
    assert.deepEqual(await carol.fundingHistory('BTC_PERP', { startDate: Number(all[0]?.fundingTime) + 1 }), []);
    assert.deepEqual(await carol.fundingHistory('BTC_PERP', { endDate: oldest + 1, startDate: oldest }), all.slice(2));
    const mine = await carol.collateralFundingHistory({ limit: 1, offset: 1 });
    assert.deepEqual([mine.limit, mine.offset, mine.records.length], [1, 1, 1]);
    const ms = Number((await carol.collateralFundingHistory()).records[2]?.fundingTime);
    assert.equal((await carol.collateralFundingHistory({ startDate: ms + 1 })).records.length, 2);
    assert.equal((await carol.collateralFundingHistory({ endDate: ms })).records.length, 1);
  });

  it('payers pay rounded up, receivers receive rounded down, the fee account keeps the residue', async () => {
    // finn sells 0.0007 into erin's bid: erin long 0.0007, finn short 0.0007; the rest of the bid holds the mark
    const finn = await collateralTrader(server, 'finn', { USDT: '1000' });
    const sold = await finn.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.0007', price: '60601.7' });
    assert.equal(sold.status, 'FILLED');
    const fees = usdt((await ledger(server)).fees.USDT ?? '0');
    const { body } = await settle(server, 'BTC_PERP', clock);
    assert.equal((body as { fundingRate: string }).fundingRate, '0.0003');
    // 0.0007 × 60 601.7 × 0.0003 = 0.012726357: erin pays 0.012727, finn receives 0.012726
    const amount = async (who: TxcClient): Promise<string | undefined> =>
      (await who.collateralFundingHistory()).records[0]?.fundingAmount;
    const erin = server.client(...(await reKey(server, 'erin')));
    assert.deepEqual([await amount(erin), await amount(finn)], ['-0.012727', '0.012726']);
    assert.deepEqual([await amount(carol), await amount(dave)], ['-1.818051', '1.818051']);
    assert.equal(usdt((await ledger(server)).fees.USDT ?? '0') - fees, usdt('0.000001'));
  });

  it('refusals: a market that is not a perpetual, bad paging, in each family', async () => {
    assert.deepEqual(await settle(server, 'BTC_USDT'), {
      status: 400,
      body: { error: 'BTC_USDT is not a perpetual market.' },
    });
    assert.equal((await settle(server, 'NOPE')).status, 400);
    const publicError = (message: string): unknown => ({ success: false, message, params: [] });
    for (const [path, message] of [
      ['/api/v4/public/funding-history/BTC_USDT', 'Market is not available.'],
      ['/api/v4/public/funding-history/NOPE_PERP', 'Market is not available.'],
      ['/api/v4/public/funding-history/BTC_PERP?limit=101', 'limit must be less than or equal to 100'],
      ['/api/v4/public/funding-history/BTC_PERP?limit=0', 'limit must be greater than or equal to 1'],
      ['/api/v4/public/funding-history/BTC_PERP?limit=x', 'limit must be an integer'],
      ['/api/v4/public/funding-history/BTC_PERP?offset=1000001', 'offset must be less than or equal to 1000000'],
      ['/api/v4/public/funding-history/BTC_PERP?startDate=10&endDate=5', 'endDate must be greater than to startDate'],
      [
        '/api/v4/public/funding-history/BTC_PERP?startDate=12345678901234567',
        'startDate must be less than or equal to 9007199254740991',
      ],
      ['/api/v4/public/funding-history/', 'market is required'],
      ['/api/v4/public/funding-history', 'market is required'],
    ] as const) {
      const { status, body } = await publicGet(server, path);
      assert.equal(status, 422, path);
      assert.deepEqual(body, publicError(message), path);
    }
    await fails(
      carol.collateralFundingHistory({ market: 'BTC_USDT' }),
      422,
      validation({ market: ['Market is not available.'] }),
    );
    await fails(
      carol.collateralFundingHistory({ limit: 101 }),
      422,
      validation({ limit: ['The limit may not be greater than 100.'] }),
    );
  });

  it('settlements, histories and the funding schedule survive a restart', async () => {
    const history = await carol.fundingHistory('BTC_PERP');
    const mine = await carol.collateralFundingHistory();
    const [listed] = (await carol.futures()).result;
    await server.restart();
    const again = server.client(...(await reKey(server, 'carol')));
    assert.deepEqual(await again.fundingHistory('BTC_PERP'), history);
    assert.deepEqual(await again.collateralFundingHistory(), mine);
    const [relisted] = (await again.futures()).result;
    assert.equal(relisted?.next_funding_rate_timestamp, listed?.next_funding_rate_timestamp);
  });
});

/** A fresh key for a user (the test clients' keys are kept in memory only). */
async function reKey(server: TestServer, user: string): Promise<[string, string]> {
  const { body } = await server.admin('POST', `/admin/v1/users/${user}/api-keys`, { permissions: ['trading'] });
  const { apiKey, apiSecret } = body as { apiKey: string; apiSecret: string };
  return [apiKey, apiSecret];
}

describe('the funding schedule: the server settles at the published boundary, not before', () => {
  let server: TestServer;
  let clock: ManualClock;

  before(async () => {
    // two seconds before an 8-hour boundary, standing there: a slow set-up cannot reach the boundary, only the test
    // moves the clock across it
    const boundary = (Math.floor(Date.now() / EIGHT_HOURS_MS) + 1) * EIGHT_HOURS_MS;
    clock = new ManualClock(boundary - 2_000);
    clock.stop();
    server = await collateralServer({ fundingSettlement: 'schedule' }, clock);
  });
  after(() => server.stop());

  it('pays at next_funding_rate_timestamp and publishes the next one', async () => {
    const carol = await collateralTrader(server, 'carol', { USDT: '10000' });
    const dave = await collateralTrader(server, 'dave', { USDT: '10000' });
    await dave.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.1', price: '60000' });
    await carol.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '60000' });
    const [listed] = (await carol.futures()).result;
    const boundary = Number(listed?.next_funding_rate_timestamp);
    assert.ok(clock.nowMs() < boundary, 'before the boundary');
    assert.deepEqual(await carol.fundingHistory('BTC_PERP'), []);
    // just past the boundary: the job, which sleeps in real time for what it saw left (two seconds), settles then
    clock.advance(2_000);
    let history = await carol.fundingHistory('BTC_PERP');
    for (let i = 0; i < 50 && history.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      history = await carol.fundingHistory('BTC_PERP');
    }
    assert.equal(history.length, 1, 'settled once the boundary passed');
    assert.equal(history[0]?.fundingTime, String(boundary / 1000));
    const [mine] = (await carol.collateralFundingHistory()).records;
    assert.ok(Number(mine?.fundingTime) >= boundary && Number(mine?.fundingTime) < boundary + 1000);
    clock.advance(1001);
    const [next] = (await carol.futures()).result;
    assert.equal(Number(next?.next_funding_rate_timestamp), boundary + EIGHT_HOURS_MS);
  });
});

describe('next_funding_rate_timestamp when only the operator settles (`fundingSettlement: "admin"`)', () => {
  let server: TestServer;
  const clock = new ManualClock();

  before(async () => {
    server = await collateralServer({ fundingSettlement: 'admin' }, clock);
  });
  after(() => server.stop());

  async function nextFunding(client: TxcClient): Promise<number> {
    // past the listing's one-second cache
    clock.advance(1_001);
    const [listed] = (await client.futures()).result;
    return Number(listed?.next_funding_rate_timestamp);
  }

  it('always names the next boundary of the schedule, never one already past', async () => {
    const carol = await collateralTrader(server, 'carol', { USDT: '10000' });
    const settled = await settle(server, 'BTC_PERP', clock);
    assert.equal(settled.status, 200, JSON.stringify(settled.body));
    const boundaryAfter = (ms: number): number => (Math.floor(ms / EIGHT_HOURS_MS) + 1) * EIGHT_HOURS_MS;
    const first = await nextFunding(carol);
    assert.equal(first, boundaryAfter(clock.nowMs()));
    // the boundary passes with nobody settling: the listing moves on to the following one
    clock.advance(first - clock.nowMs() + 60_000);
    const second = await nextFunding(carol);
    assert.ok(second > clock.nowMs(), `${second} is not after ${clock.nowMs()}`);
    assert.equal(second, first + EIGHT_HOURS_MS);
    // three intervals later, still the next one
    clock.advance(3 * EIGHT_HOURS_MS);
    assert.equal(await nextFunding(carol), boundaryAfter(clock.nowMs()));
    // a settlement now starts a period that ends at the next boundary
    assert.equal((await settle(server, 'BTC_PERP', clock)).status, 200);
    assert.equal(await nextFunding(carol), boundaryAfter(clock.nowMs()));
  });
});

describe('a funding rate with more decimals than a stream shows', () => {
  let server: TestServer;
  const clock = new ManualClock();

  before(async () => {
    server = await collateralServer({ fundingSettlement: 'admin' }, clock);
  });
  after(() => server.stop());

  it('REST and the settlement show its 18 decimals, premiumIndex cuts it to 16', async () => {
    // a bid 1.7 above the index of 60 000 is the mark: premium 1.7 / 60 000 = 0.0000283333…, cut at 18
    // decimals, plus the interest component 0.0001
    const erin = await collateralTrader(server, 'erin', { USDT: '10000' });
    await erin.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.001', price: '60001.7' });
    // a period that starts with the bid resting averages that one premium, whatever time passes
    assert.equal((await settle(server, 'BTC_PERP', clock)).status, 200);
    clock.advance(60_000);
    const [listed] = (await erin.futures()).result;
    assert.equal(listed?.markPrice, '60001.7');
    assert.equal(listed?.funding_rate, '0.000128333333333333');
    const ws = await WsTestClient.connect(server.url);
    await ws.call('premiumIndex_subscribe', ['BTC_PERP']);
    const pushed = (await ws.nextPush('premiumIndex_update')).params as unknown[];
    assert.deepEqual(pushed.slice(0, 4), ['BTC_PERP', '60001.7', '60000', '0.0001283333333333']);
    await ws.close();
    const { body } = await settle(server, 'BTC_PERP', clock);
    assert.equal((body as { fundingRate: string }).fundingRate, '0.000128333333333333');
    const [record] = await erin.fundingHistory('BTC_PERP');
    assert.equal(record?.fundingRate, '0.000128333333333333');
  });
});
