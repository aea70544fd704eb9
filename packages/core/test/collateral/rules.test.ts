import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createState, encodeState, rateFromPercent, type Command, type RejectReason } from '../../src/index.js';
import { BOOKS } from '../support/books.js';
import { collateralOrder, CollateralVenue, sound, SPOT_MARGIN } from '../support/collateral-venue.js';
import { BTC_USDT, order } from '../support/venue.js';
import { sats, usdt } from '../support/units.js';

const BTC = 1_000_000;
const USD = 100;
const LOT = 10_000;
const TICK = 10;

/** Asserts the command is refused for `reason` and leaves the state exactly as it was. */
function refused(v: CollateralVenue, cmd: Command, reason: RejectReason): void {
  const before = encodeState(v.state);
  const { result } = v.run(cmd);
  assert.equal(result.ok ? 'accepted' : result.rejection.reason, reason);
  assert.equal(encodeState(v.state), before);
}

function perpVenue(factory: (typeof BOOKS)[number]['factory']): CollateralVenue {
  const v = new CollateralVenue(factory);
  v.collateralUser('alice', { USDT: '10000' });
  v.collateralUser('bob', { USDT: '1000000' });
  return v;
}

/** alice long 0.1 BTC_PERP at 60 000 against bob. */
function aliceLong(v: CollateralVenue): void {
  v.must(collateralOrder('bob', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT / 10 }));
  v.must(collateralOrder('alice', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT / 10 }));
}

for (const { name, factory } of BOOKS) {
  describe(`${name}: collateral order rules`, () => {
    it('one-way mode refuses an order that would flip the position (115), counting open closing orders', () => {
      const v = perpVenue(factory);
      aliceLong(v);
      refused(
        v,
        collateralOrder('alice', 'BTC_PERP', 'sell', { price: 61_000 * TICK, amount: LOT / 5 }),
        'WOULD_FLIP_POSITION',
      );
      v.must(collateralOrder('alice', 'BTC_PERP', 'sell', { price: 61_000 * TICK, amount: LOT / 20 }));
      refused(
        v,
        collateralOrder('alice', 'BTC_PERP', 'sell', { price: 61_000 * TICK, amount: LOT / 10 }),
        'WOULD_FLIP_POSITION',
      );
      v.must(collateralOrder('alice', 'BTC_PERP', 'sell', { price: 61_000 * TICK, amount: LOT / 20 }));
      sound(v);
    });

    it('reduce-only: refused without a position on the other side (116), cut to the position, cancelled when it closes', () => {
      const v = perpVenue(factory);
      refused(
        v,
        collateralOrder('alice', 'BTC_PERP', 'sell', { price: 61_000 * TICK, amount: 1, reduceOnly: true }),
        'REDUCE_ONLY_NO_POSITION',
      );
      aliceLong(v);
      refused(
        v,
        collateralOrder('alice', 'BTC_PERP', 'buy', { price: 59_000 * TICK, amount: 1, reduceOnly: true }),
        'REDUCE_ONLY_NO_POSITION',
      );
      const cut = v.must(
        collateralOrder('alice', 'BTC_PERP', 'sell', { price: 62_000 * TICK, amount: LOT, reduceOnly: true }),
      );
      assert.equal(cut.amount, LOT / 10);
      assert.equal(cut.left, LOT / 10);
      // the position closes through another order: the reduce-only order goes with it
      v.must(collateralOrder('bob', 'BTC_PERP', 'buy', { price: 61_000 * TICK, amount: LOT / 10 }));
      const { events } = v.run(
        collateralOrder('alice', 'BTC_PERP', 'sell', { price: 61_000 * TICK, amount: LOT / 10 }),
      );
      const cancelled = events.flatMap((e) =>
        e.type === 'OrderFinished' && e.order.id === cut.id ? [e.order.status] : [],
      );
      assert.deepEqual(cancelled, ['CANCELLED']);
      sound(v);
    });

    it('hedge mode: LONG and SHORT required on perpetuals (114), both sides at once, toggling locked (113)', () => {
      const v = perpVenue(factory);
      refused(
        v,
        collateralOrder('alice', 'BTC_PERP', 'buy', { price: 59_000 * TICK, amount: 1, positionSide: 'LONG' }),
        'POSITION_SIDE_MISMATCH',
      );
      v.must({ type: 'SetHedgeMode', user: 'alice', hedgeMode: true });
      v.must({ type: 'SetHedgeMode', user: 'bob', hedgeMode: true });
      refused(
        v,
        collateralOrder('alice', 'BTC_PERP', 'buy', { price: 59_000 * TICK, amount: 1 }),
        'POSITION_SIDE_MISMATCH',
      );
      // on a margin spot pair hedge mode does not apply
      refused(
        v,
        collateralOrder('alice', 'BTC_USDT', 'buy', { price: 59_000 * USD, amount: 10, positionSide: 'LONG' }),
        'POSITION_SIDE_MISMATCH',
      );
      v.must(
        collateralOrder('bob', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT / 10, positionSide: 'SHORT' }),
      );
      v.must(
        collateralOrder('alice', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT / 10, positionSide: 'LONG' }),
      );
      v.must(
        collateralOrder('bob', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT / 20, positionSide: 'LONG' }),
      );
      v.must(
        collateralOrder('alice', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT / 20, positionSide: 'SHORT' }),
      );
      assert.equal(v.position('alice', 'BTC_PERP', 'LONG')?.size, LOT / 10);
      assert.equal(v.position('alice', 'BTC_PERP', 'SHORT')?.size, -LOT / 20);
      // closing more than the long holds is refused
      refused(
        v,
        collateralOrder('alice', 'BTC_PERP', 'sell', { price: 61_000 * TICK, amount: LOT / 5, positionSide: 'LONG' }),
        'WOULD_FLIP_POSITION',
      );
      refused(v, { type: 'SetHedgeMode', user: 'alice', hedgeMode: false }, 'HEDGE_MODE_LOCKED');
      sound(v);
    });

    it('brackets cap a position at each leverage (111); free margin covers initial margin and fee (10)', () => {
      const v = perpVenue(factory);
      v.must({ type: 'SetLeverage', user: 'alice', leverage: 100 });
      // at 100× BTC_PERP positions are capped at 50 000 USDT
      refused(
        v,
        collateralOrder('alice', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT }),
        'POSITION_TOO_BIG',
      );
      v.must({ type: 'SetLeverage', user: 'alice', leverage: 10 });
      // 10 000 USDT at 10×: 100 000 of notional less the fee is too much
      refused(
        v,
        collateralOrder('alice', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT * 2 }),
        'NOT_ENOUGH_BALANCE',
      );
      v.must(collateralOrder('alice', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT }));
      refused(v, { type: 'SetLeverage', user: 'alice', leverage: 4 }, 'LEVERAGE_INVALID');
      sound(v);
    });

    it('perpetual positions or orders lock the leverage (113); margin positions need it to fit (17)', () => {
      const v = perpVenue(factory);
      aliceLong(v);
      // 100× would lower the position's maintenance rate from 3 % to 0.5 %: away from its liquidation
      refused(v, { type: 'SetLeverage', user: 'alice', leverage: 100 }, 'LEVERAGE_LOCKED');
      refused(v, { type: 'SetLeverage', user: 'alice', leverage: 1 }, 'LEVERAGE_LOCKED');
      v.must({ type: 'SetLeverage', user: 'alice', leverage: 10 });

      const m = new CollateralVenue(factory);
      m.collateralUser('alice', { USDT: '1000' });
      m.user('bob', { USDT: '100000', BTC: '1' });
      m.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
      m.must(collateralOrder('alice', 'BTC_USDT', 'buy', { price: 60_000 * USD, amount: BTC / 10 }));
      // 6 000 of position needs 6 000 at 1×, 1 200 at 5×: more than the equity
      refused(m, { type: 'SetLeverage', user: 'alice', leverage: 1 }, 'LEVERAGE_NOT_ENOUGH_BALANCE');
      refused(m, { type: 'SetLeverage', user: 'alice', leverage: 5 }, 'LEVERAGE_NOT_ENOUGH_BALANCE');
      m.must({ type: 'SetLeverage', user: 'alice', leverage: 20 });
      const waiting = m.must(collateralOrder('alice', 'BTC_PERP', 'buy', { price: 50_000 * TICK, amount: LOT / 10 }));
      refused(m, { type: 'SetLeverage', user: 'alice', leverage: 10 }, 'LEVERAGE_LOCKED');
      m.must({ type: 'CancelOrder', user: 'alice', market: 'BTC_PERP', orderId: waiting.id });
      m.must({ type: 'SetLeverage', user: 'alice', leverage: 10 });
      sound(v);
      sound(m);
    });

    it('a margin position whose maintenance rate a higher leverage would lower locks it too (113)', () => {
      const v = new CollateralVenue(factory);
      const rates = [
        { leverage: 5, rate: rateFromPercent('5') as bigint },
        { leverage: 10, rate: rateFromPercent('3') as bigint },
      ];
      v.must({ type: 'DefineMarket', market: { ...BTC_USDT, margin: { ...SPOT_MARGIN, maintenanceRates: rates } } });
      v.collateralUser('alice', { USDT: '1000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      v.must({ type: 'SetLeverage', user: 'alice', leverage: 5 });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 100 }));
      v.must(collateralOrder('alice', 'BTC_USDT', 'buy', { price: 60_000 * USD, amount: BTC / 100 }));
      refused(v, { type: 'SetLeverage', user: 'alice', leverage: 10 }, 'LEVERAGE_LOCKED');
      v.must({ type: 'SetLeverage', user: 'alice', leverage: 3 });
      sound(v);
    });

    it('a market above an account leverage uses its own maximum', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '1000' });
      v.must({ type: 'SetLeverage', user: 'alice', leverage: 100 });
      // BTC_USDT allows 10×: 0.2 BTC (12 000) needs 1 200 of margin
      refused(
        v,
        collateralOrder('alice', 'BTC_USDT', 'buy', { price: 60_000 * USD, amount: BTC / 5 }),
        'NOT_ENOUGH_BALANCE',
      );
      v.must(collateralOrder('alice', 'BTC_USDT', 'buy', { price: 60_000 * USD, amount: BTC / 10 }));
      sound(v);
    });

    it('a margin order holds only what the lending pool can set aside (10)', () => {
      const v = new CollateralVenue(factory, { USDT: '2000' });
      v.collateralUser('alice', { USDT: '1000' });
      refused(
        v,
        collateralOrder('alice', 'BTC_USDT', 'buy', { price: 60_000 * USD, amount: BTC / 20 }),
        'NOT_ENOUGH_BALANCE',
      );
      const o = v.must(collateralOrder('alice', 'BTC_USDT', 'buy', { price: 50_000 * USD, amount: BTC / 20 }));
      assert.equal(o.hold, usdt('2505'));
      assert.equal(v.collateral('alice', 'USDT'), 0n);
      assert.equal(v.state.collateral.poolReserved.get('USDT'), usdt('1505'));
      v.must({ type: 'CancelOrder', user: 'alice', market: 'BTC_USDT', orderId: o.id });
      assert.equal(v.collateral('alice', 'USDT'), usdt('1000'));
      assert.equal(v.state.collateral.poolReserved.get('USDT') ?? 0n, 0n);
      sound(v);
    });

    it('a margin short sells borrowed stock; buying it back repays the stock loan', () => {
      const v = new CollateralVenue(factory);
      v.collateralUser('alice', { USDT: '1000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      v.must(order('bob', 'buy', { price: 60_000 * USD, amount: BTC / 10 }));
      v.must(collateralOrder('alice', 'BTC_USDT', 'sell', { price: 60_000 * USD, amount: BTC / 10 }));
      assert.equal(v.loan('alice', 'BTC_USDT', 'BTC'), sats('0.1'));
      assert.equal(v.collateral('alice', 'USDT'), usdt('6988'));
      assert.equal(v.position('alice', 'BTC_USDT')?.size, -BTC / 10);
      v.must(order('bob', 'sell', { price: 59_000 * USD, amount: BTC / 10 }));
      const market = v.must(
        collateralOrder('alice', 'BTC_USDT', 'buy', { orderType: 'stock market', amount: BTC / 10 }),
      );
      assert.equal(market.status, 'FILLED');
      assert.equal(v.loan('alice', 'BTC_USDT', 'BTC'), 0n);
      assert.equal(v.position('alice', 'BTC_USDT'), undefined);
      // 6 988 − 5 900 − 11.8 fee − interest in USDT: 6 000 of BTC × 0.02 % a day × 2 s = 0.0000277…, rounded up
      assert.equal(v.collateral('alice', 'USDT'), usdt('1076.2') - 28n);
      sound(v);
    });

    it('rpi orders are post-only and hidden; rpi with ioc is refused; out-of-side OTO prices are refused', () => {
      const v = perpVenue(factory);
      aliceLong(v);
      v.must(collateralOrder('bob', 'BTC_PERP', 'sell', { price: 61_000 * TICK, amount: LOT / 10 }));
      refused(
        v,
        collateralOrder('alice', 'BTC_PERP', 'buy', { price: 61_000 * TICK, amount: 1, rpi: true }),
        'POST_ONLY_WOULD_TAKE',
      );
      refused(
        v,
        collateralOrder('alice', 'BTC_PERP', 'buy', { price: 59_000 * TICK, amount: 1, rpi: true, ioc: true }),
        'RPI_AND_IOC',
      );
      const rpi = v.must(collateralOrder('alice', 'BTC_PERP', 'buy', { price: 59_000 * TICK, amount: 1, rpi: true }));
      assert.equal(rpi.hidden, true);
      assert.deepEqual(v.state.trading.markets.get('BTC_PERP')?.book.levels('buy', 10), []);
      const sl = { ticks: 59_500 * TICK, text: '59500' };
      refused(
        v,
        collateralOrder('alice', 'BTC_PERP', 'buy', { price: 59_000 * TICK, amount: 1, stopLoss: sl }),
        'OTO_PRICE_WRONG',
      );
      refused(
        v,
        collateralOrder('alice', 'BTC_PERP', 'sell', {
          price: 62_000 * TICK,
          amount: 1,
          takeProfit: { ticks: 63_000 * TICK, text: '63000' },
        }),
        'OTO_PRICE_WRONG',
      );
      sound(v);
    });

    it('a trigger order holds nothing while it waits, and is cancelled when it triggers unfunded', () => {
      const v = new CollateralVenue(factory, { USDT: '1' });
      v.collateralUser('alice', { USDT: '1000' });
      v.user('bob', { USDT: '100000', BTC: '1' });
      v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC / 100 }));
      v.must(order('bob', 'buy', { price: 60_000 * USD, amount: BTC / 100 }));
      const stop = v.must(
        collateralOrder('alice', 'BTC_USDT', 'buy', {
          orderType: 'stop market',
          amount: BTC / 20,
          activationPrice: 60_500 * USD,
          activationPriceText: '60500',
        }),
      );
      assert.equal(v.collateral('alice', 'USDT'), usdt('1000'));
      // a trade at 60 500 sets it off: 0.05 BTC costs 3 000, the pool can lend 1
      v.must(order('bob', 'sell', { price: 60_500 * USD, amount: BTC / 10 }));
      const { events } = v.run(order('bob', 'buy', { price: 60_500 * USD, amount: BTC / 100 }));
      const ended = events.flatMap((e) => (e.type === 'OrderFinished' && e.order.id === stop.id ? [e.order] : []));
      assert.deepEqual(
        ended.map((o) => [o.status, o.dealStock]),
        [['CANCELLED', 0]],
      );
      assert.equal(v.collateral('alice', 'USDT'), usdt('1000'));
      sound(v);
    });

    it('a perpetual whose notional is finer than the money asset is refused', () => {
      const v = new CollateralVenue(factory);
      const { result } = v.run({
        type: 'DefineMarket',
        market: { ...v.state.markets.get('BTC_PERP')!, name: 'X_PERP', stockPrec: 5, moneyPrec: 2 },
      });
      assert.equal(result.ok ? 'accepted' : result.rejection.reason, 'MARKET_PRECISION_UNSUPPORTED');
    });

    it('no collateral order without index prices; transfers out keep the margin', () => {
      const v = perpVenue(factory);
      aliceLong(v);
      // 10 000 − 3 fee = 9 997; margin 600: at most 9 397 leaves
      refused(
        v,
        {
          type: 'Transfer',
          user: 'alice',
          ticker: 'USDT',
          amount: usdt('9397.000001'),
          from: 'collateral',
          to: 'main',
        },
        'TRANSFER_INSUFFICIENT_FUNDS',
      );
      v.must({ type: 'Transfer', user: 'alice', ticker: 'USDT', amount: usdt('9397'), from: 'collateral', to: 'main' });
      const bare = new CollateralVenue(factory);
      Object.assign(bare.state.trading, { indexPrices: createState().trading.indexPrices });
      bare.collateralUser('carol', { USDT: '1000' });
      refused(
        bare,
        collateralOrder('carol', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: 1 }),
        'INDEX_PRICE_MISSING',
      );
      sound(v);
    });
  });
}
