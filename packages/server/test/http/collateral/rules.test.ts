import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader, ledger } from '../../support/collateral.js';
import type { TestServer } from '../../support/test-server.js';
import { fails, trader, validation, WOULD_TAKE } from '../../support/trading.js';

const refusal = (code: number, field: string, message: string) => ({
  code,
  message: 'Validation failed',
  errors: { [field]: [message] },
});
const NOT_ENOUGH = { code: 10, message: 'Inner validation failed', errors: { amount: ['Not enough balance.'] } };

describe('collateral trading rules through HTTP (reference §6)', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;
  let carl: TxcClient;

  before(async () => {
    server = await collateralServer({
      rateLimits: { groups: { 'collateral-write': { limit: 30, windowMs: 600_000 } } },
    });
    alice = await collateralTrader(server, 'alice', { USDT: '10000' });
    bob = await collateralTrader(server, 'bob', { USDT: '1000000' });
    carl = await trader(server, 'carl', { USDT: '100000', BTC: '1' });
  });
  after(() => server.stop());

  it('refuses markets without collateral trading and malformed collateral fields (code 30)', async () => {
    for (const market of ['ETH_BTC', 'XRP_USDT', 'NOPE_USDT']) {
      await fails(
        alice.collateralLimit({ market, side: 'buy', amount: '1', price: '1' }),
        422,
        validation({
          market: ['Market is not available.'],
        }),
      );
    }
    await fails(
      alice.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '60000', positionSide: 'UP' }),
      422,
      validation({ positionSide: ["Position side field should contain only 'LONG', 'SHORT' or 'BOTH' values."] }),
    );
  });

  it('one-way mode: LONG/SHORT refused (114), a flip refused (115)', async () => {
    await fails(
      alice.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '60000', positionSide: 'LONG' }),
      422,
      refusal(114, 'hedgeMode', "Order's position side does not match user's setting"),
    );
    await bob.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.1', price: '60000' });
    const buy = await alice.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '60000' });
    assert.equal(buy.positionSide, 'BOTH');
    await fails(
      alice.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.2', price: '61000' }),
      422,
      refusal(115, 'hedgeMode', 'Order would result in a new position in the opposite direction'),
    );
  });

  it('reduce-only: cut to the position in the response; refused without one (116)', async () => {
    const cut = await alice.collateralLimit({
      market: 'BTC_PERP',
      side: 'sell',
      amount: '5',
      price: '65000',
      reduceOnly: true,
    });
    assert.deepEqual([cut.amount, cut.left, cut.reduceOnly], ['0.1', '0.1', true]);
    await fails(
      alice.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '55000', reduceOnly: true }),
      422,
      refusal(116, 'reduceOnly', "Reduce-only: Position doesn't exist or wrong side"),
    );
    // collateral orders are listed, cancelled and kept in the history like any other
    const open = await alice.activeOrders({ market: 'BTC_PERP' });
    assert.deepEqual(
      open.map((o) => o.order_id),
      [cut.order_id],
    );
    const cancelled = await alice.orderCancel({ market: 'BTC_PERP', orderId: cut.order_id });
    assert.deepEqual([cancelled.status, (cancelled as { reduceOnly?: boolean }).reduceOnly], ['CANCELLED', true]);
    const history = (await alice.orderHistory({ market: 'BTC_PERP' })).BTC_PERP ?? [];
    assert.deepEqual(history.map((o) => [o.id, o.status, o.reduceOnly]).slice(0, 1), [
      [cut.order_id, 'CANCELLED', true],
    ]);
  });

  it('leverage: the allowed values (30), locked by perpetual positions or orders (113), 17 when the margin would not fit, brackets (111)', async () => {
    for (const leverage of [4, 0, 200]) {
      await fails(
        alice.setLeverage(leverage),
        422,
        validation({
          leverage: ['Leverage should be one of 1, 2, 3, 5, 10, 20, 50, 100.'],
        }),
      );
    }
    await fails(
      alice.privatePost('/api/v4/collateral-account/leverage', {}),
      422,
      validation({
        leverage: ['Leverage field is required.'],
      }),
    );
    // alice holds a BTC_PERP position (above): 100× would lower its maintenance rate, away from its liquidation
    const locked = refusal(113, 'leverage', 'Leverage cannot be changed if there exists futures positions or orders');
    await fails(alice.setLeverage(100), 422, locked);
    assert.deepEqual(await alice.setLeverage(10), { leverage: 10 }, 'the leverage it has is no change');
    // erin: 0.1 BTC_USDT on margin (6 000) needs 6 000 at 1×, more than the equity (1 000 less fees)
    const erin = await collateralTrader(server, 'erin', { USDT: '1000' });
    await carl.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '60000' });
    await erin.collateralLimit({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '60000' });
    await fails(erin.setLeverage(1), 422, refusal(17, 'amount', 'Not enough balance.'));
    assert.deepEqual(await erin.setLeverage(100), { leverage: 100 });
    assert.equal((await erin.collateralSummary()).leverage, 100);
    // at 100× a BTC_PERP position is capped at 50 000 USDT
    await fails(
      erin.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '1', price: '60000' }),
      422,
      refusal(111, 'amount', 'margin position too big'),
    );
    // BTC_USDT allows 10× at most: the account's 100× is clamped there
    await fails(
      erin.collateralLimit({ market: 'BTC_USDT', side: 'buy', amount: '2', price: '60000' }),
      422,
      NOT_ENOUGH,
    );
    // an open perpetual order locks the leverage too
    const waiting = await erin.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.001', price: '50000' });
    await fails(erin.setLeverage(10), 422, locked);
    await erin.orderCancel({ market: 'BTC_PERP', orderId: waiting.order_id });
    assert.deepEqual(await erin.setLeverage(10), { leverage: 10 });
  });

  it('hedge mode: toggled without positions, LONG/SHORT required (114), locked with positions (113)', async () => {
    const dora = await collateralTrader(server, 'dora', { USDT: '10000' });
    assert.deepEqual(await dora.hedgeMode(), { hedgeMode: false });
    assert.deepEqual(await dora.setHedgeMode(true), { hedgeMode: true });
    assert.deepEqual(await dora.hedgeMode(), { hedgeMode: true });
    assert.deepEqual(await dora.setHedgeMode(false), { hedgeMode: false });
    assert.deepEqual(await dora.setHedgeMode(true), { hedgeMode: true });
    await fails(
      dora.privatePost('/api/v4/collateral-account/hedge-mode/update', { hedgeMode: 'yes' }),
      422,
      validation({
        hedgeMode: ['Hedge mode field should be a boolean.'],
      }),
    );
    await fails(
      dora.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.01', price: '60000' }),
      422,
      refusal(114, 'hedgeMode', "Order's position side does not match user's setting"),
    );
    await bob.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.02', price: '60000' });
    await dora.collateralLimit({
      market: 'BTC_PERP',
      side: 'buy',
      amount: '0.02',
      price: '60000',
      positionSide: 'LONG',
    });
    await bob.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.01', price: '60000' });
    await dora.collateralLimit({
      market: 'BTC_PERP',
      side: 'sell',
      amount: '0.01',
      price: '60000',
      positionSide: 'SHORT',
    });
    const positions = await dora.openPositions();
    assert.deepEqual(
      positions.map((p) => [p.market, p.positionSide, p.amount]),
      [
        ['BTC_PERP', 'LONG', '0.02'],
        ['BTC_PERP', 'SHORT', '-0.01'],
      ],
    );
    await fails(
      dora.setHedgeMode(false),
      422,
      refusal(113, 'hedgeMode', 'Position side cannot be changed if there exists futures positions or orders'),
    );
  });

  it('RPI orders: post-only (13), never with ioc (37), hidden from the public book, flagged in trades', async () => {
    await fails(
      alice.collateralLimit({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '59000', rpi: true, ioc: true }),
      422,
      refusal(37, 'rpi', 'RPI orders are post-only: IOC cannot be set with RPI.'),
    );
    await fails(
      alice.collateralLimit({
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.01',
        price: '59000',
        rpi: true,
        postOnly: true,
      }),
      422,
      validation({ rpi: ['RPI orders are post-only by design: postOnly cannot be set with RPI.'] }),
    );
    await carl.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '59500' });
    await fails(
      alice.collateralLimit({ market: 'BTC_USDT', side: 'buy', amount: '0.01', price: '59500', rpi: true }),
      422,
      WOULD_TAKE,
    );
    const rpi = await alice.collateralLimit({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      price: '59400',
      rpi: true,
    });
    assert.deepEqual([rpi.rpi, rpi.postOnly], [true, true]);
    const publicClient = new TxcClient({ baseUrl: server.url });
    const book = await publicClient.orderbook('BTC_USDT');
    assert.ok(!book.bids.some(([price]) => price === '59400'), JSON.stringify(book.bids));
    await carl.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.01', price: '59400' });
    const [trade] = await publicClient.trades('BTC_USDT');
    assert.deepEqual([trade?.price, trade?.rpi], ['59400', true]);
  });

  it('a spot-pair market buy holds the cost of its walk of the book; trigger orders are funded when they trigger', async () => {
    // carl's ask at 59 500 is still resting
    const market = await alice.collateralMarket({ market: 'BTC_USDT', side: 'buy', amount: '0.01' });
    assert.deepEqual(
      [market.type, market.status, market.deal_stock, market.deal_money],
      ['market', 'FILLED', '0.01', '595'],
    );
    const stopLimit = await alice.collateralStopLimit({
      market: 'BTC_USDT',
      side: 'sell',
      amount: '0.01',
      price: '58000',
      activation_price: '59000',
    });
    assert.deepEqual(
      [stopLimit.type, stopLimit.activated, stopLimit.activationCondition],
      ['margin stop limit', 0, 'lte'],
    );
    const trigger = await alice.collateralTriggerMarket({
      market: 'BTC_USDT',
      side: 'buy',
      amount: '0.01',
      activation_price: '61000',
    });
    assert.deepEqual([trigger.type, trigger.activationCondition, trigger.price], ['stop market', 'gte', '0']);
    // collateral trigger orders hold nothing while they wait
    assert.deepEqual(await alice.collateralBalance('BTC'), { BTC: '0.02' });
  });

  it('transfers out keep the margin of positions and orders', async () => {
    // an open order's margin (1 000 at 10×) leaves less free margin than the account's USDT
    const order = await alice.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.2', price: '50000' });
    const summary = await alice.collateralSummary();
    const { USDT } = await alice.collateralBalance('USDT');
    assert.ok(Number(summary.freeMargin) > 0 && Number(summary.freeMargin) < Number(USDT));
    await fails(alice.transfer({ ticker: 'USDT', amount: '10000', from: 'collateral', to: 'main' }), 422, {
      code: 3,
      message: 'Inner validation failed',
      errors: {
        amount: [
          `You don't have such amount for transfer (available ${summary.freeMargin.replace(/(\.\d{6})\d*$/, '$1')}, in amount: 10000)`,
        ],
      },
    });
    await alice.orderCancel({ market: 'BTC_PERP', orderId: order.order_id });
  });

  it('bboRole prices a collateral limit order from the book as a spot one (docs/decisions.md)', async () => {
    const dana = await collateralTrader(server, 'dana', { USDT: '10000' });
    await carl.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.001', price: '60500' });
    // the best ask now: carl's (the book's other asks were taken by the tests before)
    const taken = await dana.collateralLimit({ market: 'BTC_USDT', side: 'buy', amount: '0.001', bboRole: 2 });
    assert.deepEqual([taken.price, taken.status, taken.dealStock], ['60500', 'FILLED', '0.001']);
    await fails(
      dana.collateralLimit({ market: 'BTC_USDT', side: 'buy', amount: '0.001', bboRole: 1, postOnly: true }),
      422,
      // no bid rests on the book: both problems at once
      validation({
        bboRole: ['There is no bid to take the price from.'],
        postOnly: ['PostOnly cannot be set with bboRole.'],
      }),
    );
  });

  it('the lending pool is funded through the admin API as an inflow', async () => {
    const before = await ledger(server);
    const r = await server.admin('POST', '/admin/v1/lending-pool', { ticker: 'ETH', amount: '5' });
    assert.deepEqual(r, { status: 200, body: { ticker: 'ETH', amount: '5', lendingPool: '1005' } });
    const after = await ledger(server);
    assert.equal(after.deposited.ETH, String(Number(before.deposited.ETH ?? '0') + 5));
    for (const body of [{ ticker: 'ETH', amount: '-1' }, { ticker: 'NOPE', amount: '1' }, { ticker: 'ETH' }]) {
      assert.equal((await server.admin('POST', '/admin/v1/lending-pool', body)).status, 400);
    }
  });
});
