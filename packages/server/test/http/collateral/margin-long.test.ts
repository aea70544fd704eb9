import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcClient } from '@txc/sdk';
import { collateralServer, collateralTrader, interest, ledger, POOL, text, units } from '../../support/collateral.js';
import type { TestServer } from '../../support/test-server.js';
import { spot, trader } from '../../support/trading.js';

const usdt = (v: string): bigint => units(v, 6);

describe('a margin long on BTC_USDT, filled by a spot seller, then closed (issue tests)', () => {
  let server: TestServer;
  let alice: TxcClient;
  let bob: TxcClient;

  before(async () => {
    server = await collateralServer();
    alice = await collateralTrader(server, 'alice', { USDT: '1000' });
    bob = await trader(server, 'bob', { USDT: '100000', BTC: '1' });
  });
  after(() => server.stop());

  it('opens on the spot book: alice borrows her shortfall from the pool, bob is paid in real money', async () => {
    await bob.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '60000' });
    const buy = await alice.collateralLimit({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '60000' });
    assert.equal(buy.status, 'FILLED');
    assert.equal(buy.type, 'limit');
    assert.equal(buy.reduceOnly, false);
    assert.equal(buy.deal_fee, '6');
    // 6 000 + 6 taker fee: 1 000 of alice's own, 5 006 borrowed
    assert.deepEqual(await alice.collateralBalance(), { BTC: '0.1' });
    const [summary] = await alice.collateralBalanceSummary('USDT');
    assert.deepEqual(
      { ...summary, availableWithBorrow: '' },
      { asset: 'USDT', balance: '0', borrow: '5006', availableWithoutBorrow: '0', availableWithBorrow: '' },
    );
    // free margin 994 − 600 (less the interest accruing by the microsecond) at 10×
    const withBorrow = units(summary!.availableWithBorrow, 6);
    assert.ok(withBorrow <= usdt('3940') && withBorrow > usdt('3939.99'), summary!.availableWithBorrow);
    // borrowing happens on BTC_USDT, 10× at most: a higher account leverage borrows no more
    assert.deepEqual(await alice.setLeverage(100), { leverage: 100 });
    const [at100] = await alice.collateralBalanceSummary('USDT');
    const borrowing = units(at100!.availableWithBorrow, 6);
    assert.ok(borrowing <= withBorrow && borrowing > withBorrow - usdt('0.01'), at100!.availableWithBorrow);
    assert.deepEqual(await alice.setLeverage(10), { leverage: 10 });
    // the BTC bought is the position itself: none of it leaves the collateral account
    const [btc] = await alice.collateralBalanceSummary('BTC');
    assert.equal(btc!.availableWithoutBorrow, '0');
    const refused = await alice.transfer({ ticker: 'BTC', amount: '0.00000001', from: 'collateral', to: 'main' }).then(
      () => assert.fail("a transfer of the position's stock went through"),
      (e: { body: { code: number; errors: { amount: string[] } } }) => e.body,
    );
    assert.equal(refused.code, 3);
    assert.match(refused.errors.amount[0] ?? '', /available 0,/);
    assert.deepEqual(await spot(bob, 'USDT'), { available: '105994', freeze: '0' });
    assert.deepEqual(await spot(bob, 'BTC'), { available: '0.9', freeze: '0' });
    const l = await ledger(server);
    assert.equal(l.fees.USDT, '12');
    assert.equal(l.lendingPool.USDT, text(usdt(POOL.USDT) - usdt('5006'), 6));
    const [pos] = await alice.openPositions();
    assert.equal(pos?.market, 'BTC_USDT');
    assert.equal(pos?.amount, '0.1');
    assert.equal(pos?.basePrice, '60000');
    assert.equal(pos?.positionSide, 'BOTH');
  });

  it('closes into a spot bid: the interest goes to the pool and the loan is repaid', async () => {
    await bob.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.1', price: '61000' });
    const sell = await alice.collateralLimit({ market: 'BTC_USDT', side: 'sell', amount: '0.1', price: '61000' });
    assert.equal(sell.status, 'FILLED');
    assert.deepEqual(await alice.openPositions(), []);
    const [closed, opened] = await alice.positionHistory();
    assert.equal(closed?.amount, '0');
    assert.equal(opened?.amount, '0.1');
    // the interest for the time between the two fills, 0.03 % a day on 5 006
    const micros = BigInt(Math.round((closed.modifyDate - opened.modifyDate) * 1e6));
    const paid = interest(usdt('5006'), '0.03', micros);
    assert.equal(closed?.orderDetail.fundingFee, text(paid, 6));
    assert.equal(closed?.realizedFunding, text(paid, 6));
    assert.equal(closed?.realizedPnl, '100');
    // 6 100 − 6.1 fee − interest − the 5 006 repaid
    assert.deepEqual(await alice.collateralBalance(), { USDT: text(usdt('1087.9') - paid, 6) });
    assert.deepEqual(await alice.collateralBalanceSummary('USDT'), [
      {
        asset: 'USDT',
        balance: text(usdt('1087.9') - paid, 6),
        borrow: '0',
        availableWithoutBorrow: text(usdt('1087.9') - paid, 6),
        availableWithBorrow: text((usdt('1087.9') - paid) * 11n, 6),
      },
    ]);
    assert.deepEqual(await spot(bob, 'USDT'), { available: '99887.9', freeze: '0' });
    assert.deepEqual(await spot(bob, 'BTC'), { available: '1', freeze: '0' });
    const l = await ledger(server);
    assert.equal(l.fees.USDT, '24.2');
    assert.equal(l.lendingPool.USDT, text(usdt(POOL.USDT) + paid, 6));
  });
});
