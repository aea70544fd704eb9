import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  ALL_MARKETS,
  conservationBreaches,
  encodeState,
  feeRatesOf,
  holdMismatches,
  negativeBalances,
  rateFromPercent,
  type Command,
  type MarketSpec,
  type SetUserFee,
} from '../../src/index.js';
import { BTC_USDT, ETH_BTC, order, TestVenue } from '../support/venue.js';

const USD = 100;
const BTC = 1_000_000;
const usdt = (whole: number): bigint => BigInt(Math.round(whole * 1_000_000));
const pct = (text: string): bigint => rateFromPercent(text) as bigint;

function fee(user: string, market: string | null, maker: string | null, taker: string | null): SetUserFee {
  return {
    type: 'SetUserFee',
    user,
    market,
    maker: maker === null ? null : pct(maker),
    taker: taker === null ? null : pct(taker),
  };
}

function venue(): TestVenue {
  const v = new TestVenue();
  for (const u of ['alice', 'bob']) v.user(u, { USDT: '1000000', BTC: '10' });
  return v;
}

function sound(v: TestVenue): void {
  assert.deepEqual(conservationBreaches(v.state), []);
  assert.deepEqual(negativeBalances(v.state), []);
  assert.deepEqual(holdMismatches(v.state), []);
}

describe('engine: fees per user', () => {
  it("each side of a fill pays its owner's rate: a user's own, else the market's", () => {
    const v = venue();
    v.must(fee('alice', 'BTC_USDT', '0.05', '0.07'));
    v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC }));
    v.must(order('alice', 'buy', { price: 60_000 * USD, amount: BTC }));
    // alice takes at her 0.07 % (42), bob makes at the market's 0.1 % (60)
    assert.equal(v.spot('alice', 'USDT').available, usdt(1_000_000 - 60_042));
    assert.equal(v.spot('bob', 'USDT').available, usdt(1_000_000 + 59_940));
    assert.equal(v.fee('USDT'), usdt(102));

    v.must(order('alice', 'sell', { price: 60_000 * USD, amount: BTC }));
    v.must(order('bob', 'buy', { price: 60_000 * USD, amount: BTC }));
    // alice makes at her 0.05 % (30), bob takes at the market's 0.2 % (120)
    assert.equal(v.spot('alice', 'USDT').available, usdt(1_000_000 - 60_042 + 59_970));
    assert.equal(v.spot('bob', 'USDT').available, usdt(1_000_000 + 59_940 - 60_120));
    assert.equal(v.fee('USDT'), usdt(102 + 150));
    sound(v);
  });

  it("a buy holds the larger of its owner's rates; a market buy its owner's taker fee on top", () => {
    const v = venue();
    v.must(fee('alice', null, '0.5', '0.3'));
    v.must(order('alice', 'buy', { price: 60_000 * USD, amount: BTC }));
    assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(1_000_000 - 60_300), freeze: usdt(60_300) });
    v.must(order('alice', 'buy', { orderType: 'market', amount: 1_000 * 1_000_000, price: 0 }));
    // nothing to buy: the market order finished at once and gave back all it held (1 000 + 3)
    assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(1_000_000 - 60_300), freeze: usdt(60_300) });
    // bob sells into the resting buy: alice is the maker at her 0.5 %
    v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC }));
    assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(1_000_000 - 60_300), freeze: 0n });
    sound(v);
  });

  it('a rate raised after placement never takes more than the buy order holds', () => {
    const v = venue();
    v.must(order('alice', 'buy', { price: 60_000 * USD, amount: BTC }));
    v.must(fee('alice', 'BTC_USDT', '0.5', null));
    v.must(order('bob', 'sell', { price: 60_000 * USD, amount: BTC }));
    // held 60 000 + 120 at the market's 0.2 %; her maker fee is now 0.5 % (300): she pays what she held
    assert.deepEqual(v.spot('alice', 'USDT'), { available: usdt(1_000_000 - 60_120), freeze: 0n });
    sound(v);
  });

  it("per rate: the user's own for the market, else for every market, else the market's; null forgets", () => {
    const v = venue();
    v.must(fee('alice', null, '0.01', null));
    v.must(fee('alice', 'BTC_USDT', null, '0.05'));
    const rates = (spec: MarketSpec) => feeRatesOf(v.state.userFees, 'alice', spec);
    assert.deepEqual(rates(BTC_USDT), { makerFee: pct('0.01'), takerFee: pct('0.05') });
    assert.deepEqual(rates(ETH_BTC), { makerFee: pct('0.01'), takerFee: ETH_BTC.takerFee });
    assert.equal(feeRatesOf(v.state.userFees, 'bob', BTC_USDT), BTC_USDT);
    v.must(fee('alice', 'BTC_USDT', null, null));
    assert.deepEqual(rates(BTC_USDT), { makerFee: pct('0.01'), takerFee: BTC_USDT.takerFee });
    v.must(fee('alice', null, null, null));
    assert.equal(rates(BTC_USDT), BTC_USDT);
    // nothing of the settings stays behind: the state encodes as one that never had any
    assert.equal(v.state.userFees.size, 0);
    assert.equal('userFees' in JSON.parse(encodeState(v.state)), false);
  });

  it("on a perpetual a user's own rate only ever lowers the market's", () => {
    const perp: MarketSpec = { ...BTC_USDT, name: 'BTC_PERP', type: 'futures' };
    const fees = new Map([['alice', new Map([[ALL_MARKETS, { maker: pct('0.5'), taker: pct('0.05') }]])]]);
    assert.deepEqual(feeRatesOf(fees, 'alice', perp), { makerFee: perp.makerFee, takerFee: pct('0.05') });
    assert.deepEqual(feeRatesOf(fees, 'alice', BTC_USDT), { makerFee: pct('0.5'), takerFee: pct('0.05') });
  });

  it('refuses an unknown user or market and a rate outside 0–100 %, changing nothing', () => {
    const v = venue();
    const before = encodeState(v.state);
    const reason = (cmd: Command): string => {
      const { result } = v.run(cmd);
      return result.ok ? 'accepted' : result.rejection.reason;
    };
    assert.equal(reason(fee('nobody', null, '0.1', '0.1')), 'UNKNOWN_USER');
    assert.equal(reason(fee('alice', 'NOPE_USDT', '0.1', '0.1')), 'MARKET_NOT_AVAILABLE');
    assert.equal(reason({ ...fee('alice', null, null, null), maker: -1n }), 'FEE_RATE_INVALID');
    assert.equal(reason(fee('alice', null, '0.1', '100.01')), 'FEE_RATE_INVALID');
    assert.equal(encodeState(v.state), before);
  });

  it('random rates and orders: every seller is charged its own rate exactly; the books balance', () => {
    const RATES = [null, '0', '0.05', '0.1', '0.3', '1'];
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('fee' as const),
        user: fc.constantFrom('alice', 'bob'),
        market: fc.constantFrom('BTC_USDT', null),
        maker: fc.constantFrom(...RATES),
        taker: fc.constantFrom(...RATES),
      }),
      fc.record({
        kind: fc.constant('order' as const),
        user: fc.constantFrom('alice', 'bob'),
        side: fc.constantFrom('buy' as const, 'sell' as const),
        offset: fc.integer({ min: -3, max: 3 }),
        amount: fc.integer({ min: 1, max: 300_000 }),
      }),
    );
    let fills = 0;
    fc.assert(
      fc.property(fc.array(step, { minLength: 10, maxLength: 60 }), (steps) => {
        const v = venue();
        for (const s of steps) {
          if (s.kind === 'fee') {
            v.must(fee(s.user, s.market, s.maker, s.taker));
            continue;
          }
          const cmd = order(s.user, s.side, { price: 60_000 * USD + s.offset * 1_000, amount: s.amount });
          const { events } = v.run(cmd);
          for (const e of events) {
            if (e.type !== 'TradeExecuted') continue;
            fills++;
            const seller = e.takerSide === 'sell' ? e.taker : e.maker;
            const rates = feeRatesOf(v.state.userFees, seller.user, BTC_USDT);
            const rate = e.takerSide === 'sell' ? rates.takerFee : rates.makerFee;
            // notional in 10^-8 USDT (ticks × lots), the money minor unit 10^-6: the seller gets ⌊n(1−r)⌋
            const div = 100n;
            const proceeds = (e.notional * (10n ** 18n - rate)) / (div * 10n ** 18n);
            const sellFee = e.takerSide === 'sell' ? e.takerFee : e.makerFee;
            assert.equal(sellFee, e.notional / div - proceeds);
          }
          sound(v);
        }
      }),
      { numRuns: 120, seed: 37 },
    );
    assert.ok(fills > 200, `${fills} fills`);
  });
});
