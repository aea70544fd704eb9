import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountFigures, liquidationPrice } from '../../src/index.js';
import { BOOKS } from '../support/books.js';
import { collateralOrder, CollateralVenue, sound } from '../support/collateral-venue.js';
import { usdt } from '../support/units.js';

/** BTC_PERP: lots of 0.0001 BTC, ticks of 0.1 USDT. */
const LOT = 10_000;
const TICK = 10;
/** A value (10^-36 USDT) of a decimal number of USDT. */
const value = (whole: string): bigint => usdt(whole) * 10n ** 30n;

for (const { name, factory } of BOOKS) {
  describe(`${name}: perpetual positions`, () => {
    it('a long and a short open against each other, move no assets, and net to zero', () => {
      const v = new CollateralVenue(factory);
      for (const u of ['carol', 'dave', 'erin']) v.collateralUser(u, { USDT: '10000' });
      v.must(collateralOrder('dave', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT / 10 }));
      const buy = v.must(collateralOrder('carol', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT / 10 }));
      assert.equal(buy.status, 'FILLED');
      // fees only: taker 0.05 % of 6 000, maker 0.02 %
      assert.equal(v.collateral('carol', 'USDT'), usdt('9997'));
      assert.equal(v.collateral('dave', 'USDT'), usdt('9998.8'));
      assert.equal(v.fee('USDT'), usdt('4.2'));
      assert.equal(v.position('carol', 'BTC_PERP')?.size, LOT / 10);
      assert.equal(v.position('dave', 'BTC_PERP')?.size, -LOT / 10);
      assert.equal(v.position('dave', 'BTC_PERP')?.basis, usdt('6000'));
      sound(v);

      // carol closes into erin's bid at 61 000: +100 realized, less the 3.05 taker fee
      v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 61_000 * TICK, amount: LOT / 10 }));
      v.must(collateralOrder('carol', 'BTC_PERP', 'sell', { price: 61_000 * TICK, amount: LOT / 10 }));
      assert.equal(v.position('carol', 'BTC_PERP'), undefined);
      assert.equal(v.collateral('carol', 'USDT'), usdt('10093.95'));
      assert.equal(v.collateral('erin', 'USDT'), usdt('9998.78'));
      sound(v);

      // dave's short at an index of 61 000: equity 9 998.8 − 100, margin 610 at 10×, maintenance 3 %
      v.index('BTC', '61000');
      const f = accountFigures(v.state, 'dave', v.time);
      assert.deepEqual(f, {
        equity: value('9898.8'),
        margin: value('610'),
        maintenance: value('183'),
        pnl: value('-100'),
        interest: 0n,
      });
      // equity 15 998.8 − 0.1 P meets maintenance 0.003 P at P = 15 998.8 / 0.103
      const dave = v.position('dave', 'BTC_PERP')!;
      assert.equal(liquidationPrice(v.state, 'dave', dave, 6, v.time), 155_328_155_339n);
      sound(v);
    });

    it('a realized loss beyond the money held is lent by the pool, and repaid by later gains', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('carol', { USDT: '100' });
      v.collateralUser('dave', { USDT: '10000' });
      v.must({ type: 'SetLeverage', user: 'carol', leverage: 100 });
      v.must(collateralOrder('dave', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT / 10 }));
      v.must(collateralOrder('carol', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT / 10 }));
      // carol sells at 58 000: −200 realized, 2.9 fee; she holds 97
      v.must(collateralOrder('dave', 'BTC_PERP', 'buy', { price: 58_000 * TICK, amount: LOT / 10 }));
      v.must(collateralOrder('carol', 'BTC_PERP', 'sell', { price: 58_000 * TICK, amount: LOT / 10 }));
      assert.equal(v.collateral('carol', 'USDT'), 0n);
      assert.equal(v.loan('carol', 'BTC_PERP', 'USDT'), usdt('105.9'));
      sound(v);
      // money arriving repays the loan of a market without a position
      v.must({
        type: 'CreditDeposit',
        transactionId: 'c2',
        user: 'carol',
        ticker: 'USDT',
        amount: usdt('200'),
        network: null,
        txid: 'c2',
        address: null,
        memo: null,
      });
      v.must({ type: 'Transfer', user: 'carol', ticker: 'USDT', amount: usdt('200'), from: 'main', to: 'collateral' });
      assert.equal(v.loan('carol', 'BTC_PERP', 'USDT'), 0n);
      assert.equal(v.collateral('carol', 'USDT'), usdt('94.1'));
      sound(v);
    });
  });
}
