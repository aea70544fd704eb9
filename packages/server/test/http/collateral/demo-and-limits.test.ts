import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openInterest } from '@txc/core';
import {
  collateralHedgeModeUpdate,
  collateralLeverage,
  collateralLimit,
  collateralPositionsOpen,
  collateralSummary,
  orderOtoCancel,
  TxcClient,
} from '@txc/sdk';
import { collateralServer, collateralTrader } from '../../support/collateral.js';
import { TestServer } from '../../support/test-server.js';
import { assertLadder, fails } from '../../support/trading.js';

const INDEX: Record<string, number> = { BTC_PERP: 60000, ETH_PERP: 3000 };

describe('the demo venue’s collateral trading (demo-seed.md)', () => {
  let server: TestServer;
  let client: TxcClient;

  before(async () => {
    server = await TestServer.start({ demo: true });
    client = new TxcClient({ baseUrl: server.url });
  });
  after(() => server.stop());

  it('funds the lending pool', async () => {
    const { body } = await server.admin('GET', '/admin/v1/ledger');
    assert.deepEqual((body as { lendingPool: Record<string, string> }).lendingPool, {
      BTC: '100',
      ETH: '1000',
      USDT: '10000000',
    });
  });

  it('every perpetual has at least 10 maker levels a side within 2 % of its index, and has traded', async () => {
    for (const [market, index] of Object.entries(INDEX)) {
      await assertLadder(client, market, index);
      const trades = await client.trades(market);
      assert.deepEqual(
        trades.map((t) => t.type),
        ['sell', 'buy'],
      );
    }
    assert.equal((await client.trades('BTC_PERP'))[1]?.price, '60060');
  });

  it('the taker holds a long; the maker, in hedge mode, a long and a short; longs and shorts net to zero', () => {
    const c = server.server.venue.state.collateral;
    const size = (user: string, market: string, side: 'BOTH' | 'LONG' | 'SHORT'): number =>
      c.accounts.get(user)?.positions.get(`${market}\u0000${side}`)?.size ?? 0;
    assert.equal(c.accounts.get('maker')?.hedgeMode, true);
    assert.deepEqual(
      ['BTC_PERP', 'ETH_PERP'].map((m) => [
        size('taker', m, 'BOTH'),
        size('maker', m, 'LONG'),
        size('maker', m, 'SHORT'),
      ]),
      [
        [100, 100, -200],
        [100, 100, -200],
      ],
    );
    assert.deepEqual(
      [openInterest(server.server.venue.state, 'BTC_PERP'), openInterest(server.server.venue.state, 'ETH_PERP')],
      [200, 200],
    );
  });
});

describe('collateral endpoints’ rate-limit groups (reference §3.1)', () => {
  let server: TestServer;

  before(async () => {
    server = await collateralServer({
      rateLimits: {
        groups: {
          'collateral-write': { limit: 2, windowMs: 600_000 },
          'collateral-read': { limit: 3, windowMs: 600_000 },
        },
      },
    });
  });
  after(() => server.stop());

  it('reads share collateral-read, settings collateral-write, orders the order group', async () => {
    assert.deepEqual(
      [
        collateralSummary,
        collateralPositionsOpen,
        collateralLeverage,
        collateralHedgeModeUpdate,
        collateralLimit,
        orderOtoCancel,
      ].map((e) => e.rateLimit.group),
      ['collateral-read', 'collateral-read', 'collateral-write', 'collateral-write', 'order', 'order'],
    );
    const alice = await collateralTrader(server, 'alice', {});
    await alice.setLeverage(5);
    await alice.setHedgeMode(true);
    const tooMany = { code: 0, message: 'Too many requests.', errors: {} };
    await fails(alice.setLeverage(10), 429, tooMany);
    await alice.collateralSummary();
    await alice.openPositions();
    await alice.hedgeMode();
    await fails(alice.collateralBalance(), 429, tooMany);
  });
});

describe('collateral requests that cannot be answered yet or name nothing', () => {
  let server: TestServer;

  before(async () => {
    server = await TestServer.start();
  });
  after(() => server.stop());

  it('no collateral order before the index prices are set; an unknown ticker in the balance reads (code 30)', async () => {
    const alice = await collateralTrader(server, 'alice', { USDT: '1000' });
    await fails(alice.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.01', price: '60000' }), 422, {
      code: 30,
      message: 'Validation failed',
      errors: { market: ['The index price of this market is not available yet.'] },
    });
    const invalid = { code: 30, message: 'Validation failed', errors: { ticker: ['ticker is invalid.'] } };
    await fails(alice.collateralBalance('NOPE'), 422, invalid);
    await fails(alice.collateralBalanceSummary('NOPE'), 422, invalid);
    assert.deepEqual(await alice.collateralBalance('BTC'), { BTC: '0' });
    assert.deepEqual(await alice.collateralBalance(), { USDT: '1000' });
  });
});
