import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader, ledger, text, units } from '../../support/collateral.js';
import type { TestServer } from '../../support/test-server.js';
import { fails, validation } from '../../support/trading.js';

const usdt = (v: string): bigint => units(v, 6);

describe('perpetual positions and the collateral summary (spec §2.3, reference §6.2, §6.4)', () => {
  let server: TestServer;
  let carol: TxcClient;
  let dave: TxcClient;

  before(async () => {
    server = await collateralServer();
    carol = await collateralTrader(server, 'carol', { USDT: '10000' });
    dave = await collateralTrader(server, 'dave', { USDT: '100000' });
  });
  after(() => server.stop());

  it('a long and a short open against each other on BTC_PERP and ETH_PERP; fees only move money', async () => {
    await dave.collateralLimit({ market: 'BTC_PERP', side: 'sell', amount: '0.1', price: '60000' });
    await dave.collateralLimit({ market: 'ETH_PERP', side: 'buy', amount: '1', price: '3000' });
    const long = await carol.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '60000' });
    const short = await carol.collateralLimit({ market: 'ETH_PERP', side: 'sell', amount: '1', price: '3000' });
    assert.deepEqual([long.status, long.deal_fee, short.status, short.deal_fee], ['FILLED', '3.3', 'FILLED', '1.65']);
    // taker 0.055 % for carol, maker 0.01 % for dave
    assert.deepEqual(await carol.collateralBalance(), { USDT: '9995.05' });
    assert.deepEqual(await dave.collateralBalance(), { USDT: '99999.1' });
    assert.equal((await ledger(server)).fees.USDT, '5.85');
    const positions = await dave.openPositions();
    assert.deepEqual(
      positions.map((p) => [p.market, p.amount, p.basePrice, p.positionSide]),
      [
        ['BTC_PERP', '-0.1', '60000', 'BOTH'],
        ['ETH_PERP', '1', '3000', 'BOTH'],
      ],
    );
    assert.deepEqual((await dave.openPositions('ETH_PERP')).length, 1);
  });

  it('the summary of a two-position account, recomputed by hand after the index moves', async () => {
    for (const [ticker, price] of [
      ['BTC', '61000'],
      ['ETH', '2900'],
    ]) {
      assert.equal((await server.admin('POST', '/admin/v1/index-prices', { ticker, price })).status, 200);
    }
    // pnl: (61 000 − 60 000) × 0.1 + (3 000 − 2 900) × 1 = 200; equity 9 995.05 + 200
    // margin at 10×: 6 100 / 10 + 2 900 / 10 = 900
    const equity = usdt('10195.05');
    const margin = usdt('900');
    const fraction = (margin * 10n ** 18n + equity - 1n) / equity;
    assert.deepEqual(await carol.collateralSummary(), {
      equity: '10195.05',
      margin: '900',
      freeMargin: '9295.05',
      unrealizedFunding: '0',
      pnl: '200',
      leverage: 10,
      marginFraction: text(fraction, 18),
    });
    const [btc, eth] = await carol.openPositions();
    assert.deepEqual(
      { ...btc, openDate: 0, modifyDate: 0, positionId: 0 },
      {
        positionId: 0,
        market: 'BTC_PERP',
        openDate: 0,
        modifyDate: 0,
        amount: '0.1',
        basePrice: '60000',
        // the account is net long 0.1 BTC with equity far above maintenance: no price liquidates it
        liquidationPrice: null,
        liquidationState: null,
        pnl: '100',
        pnlPercent: '16.39',
        margin: '610',
        freeMargin: '9295.05',
        funding: '0',
        unrealizedFunding: '0',
        tpsl: null,
        positionSide: 'BOTH',
        realizedPnl: '0',
        unrealizedPnl: '100',
        // carol is the only long on BTC_PERP: first in its auto-deleveraging queue
        adlQuantile: 4,
      },
    );
    // ETH at P: equity 13 095.05 − P meets maintenance 183 + 0.03 P at P = 12 912.05 / 1.03
    assert.deepEqual(
      [eth?.amount, eth?.pnl, eth?.margin, eth?.pnlPercent, eth?.liquidationPrice],
      ['-1', '100', '290', '34.48', '12535.970873'],
    );
  });

  it('takes request, nonce and nonceWindow and nothing else (code 30)', async () => {
    await fails(
      carol.privatePost('/api/v4/collateral-account/summary', { market: 'BTC_PERP' }),
      422,
      validation({
        market: ['The market field is not allowed.'],
      }),
    );
    const fresh = await collateralTrader(server, 'frank', {});
    assert.deepEqual(await fresh.collateralSummary(), {
      equity: '0',
      margin: '0',
      freeMargin: '0',
      unrealizedFunding: '0',
      pnl: '0',
      leverage: 10,
      marginFraction: '0',
    });
  });

  it('closing realizes the PnL into the balance; the position history lists each state', async () => {
    await dave.collateralLimit({ market: 'BTC_PERP', side: 'buy', amount: '0.1', price: '61000' });
    const close = await carol.collateralMarket({ market: 'BTC_PERP', side: 'sell', amount: '0.1' });
    assert.equal(close.type, 'market');
    assert.equal(close.status, 'FILLED');
    // +100 realized, 3.355 taker fee
    assert.deepEqual(await carol.collateralBalance(), { USDT: '10091.695' });
    const history = await carol.positionHistory({ market: 'BTC_PERP' });
    assert.deepEqual(
      history.map((h) => [
        h.amount,
        h.basePrice,
        h.realizedPnl,
        h.orderDetail.tradeAmount,
        h.orderDetail.price,
        h.orderDetail.tradeFee,
      ]),
      [
        ['0', null, '100', '-0.1', '61000', '3.355'],
        ['0.1', '60000', '0', '0.1', '60000', '3.3'],
      ],
    );
    assert.equal((await carol.positionHistory({ limit: 1 })).length, 1);
    await fails(
      carol.positionHistory({ limit: 101 }),
      422,
      validation({ limit: ['The limit may not be greater than 100.'] }),
    );
  });
});
