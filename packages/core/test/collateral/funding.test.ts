import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  predictedFundingRate,
  upcomingSettlement,
  rateFromDecimal,
  type FundingPaid,
  type FundingSettled,
  type FundingTerms,
  type MarketSpec,
} from '../../src/index.js';
import { BTC_PERP, collateralOrder, CollateralVenue, sound } from '../support/collateral-venue.js';
import { usdt } from '../support/units.js';

/** BTC_PERP: lots of 0.0001 BTC, ticks of 0.1 USDT. */
const LOT = 10_000;
const TICK = 10;
const INTERVAL = 480 * 60_000_000;
const rate = (text: string): bigint => rateFromDecimal(text) as bigint;

/** The venue with BTC_PERP's funding terms replaced. */
function venueWithFunding(terms: Partial<FundingTerms>): CollateralVenue {
  const v = new CollateralVenue();
  const margin = BTC_PERP.margin!;
  const market: MarketSpec = { ...BTC_PERP, margin: { ...margin, funding: { ...margin.funding!, ...terms } } };
  v.must({ type: 'DefineMarket', market });
  for (const u of ['carol', 'dave', 'erin']) v.collateralUser(u, { USDT: '10000' });
  return v;
}

/** carol long, dave short, `lots` at 60 000; the book is left empty, so the mark is the index. */
function openPair(v: CollateralVenue, lots: number): void {
  v.must(collateralOrder('dave', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: lots }));
  v.must(collateralOrder('carol', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: lots }));
}

function settled(events: readonly { type: string }[]): { settlement: FundingSettled; payments: FundingPaid[] } {
  const settlement = events.find((e): e is FundingSettled => e.type === 'FundingSettled');
  assert.ok(settlement !== undefined);
  return { settlement, payments: events.filter((e): e is FundingPaid => e.type === 'FundingPaid') };
}

describe('perpetual funding', () => {
  it('longs pay shorts to the last unit; the rounding residue goes to the fee account', () => {
    const v = venueWithFunding({ interest: rate('0.000123456789') });
    openPair(v, 3);
    const carol = v.collateral('carol', 'USDT');
    const dave = v.collateral('dave', 'USDT');
    const fees = v.fee('USDT');
    const out = v.run({ type: 'SettleFunding', market: 'BTC_PERP', early: true });
    assert.ok(out.result.ok);
    // 0.0003 BTC × 60 000 × 0.000123456789 = 0.002222222202 USDT: paid rounded up, received rounded down
    assert.equal(v.collateral('carol', 'USDT'), carol - 2223n);
    assert.equal(v.collateral('dave', 'USDT'), dave + 2222n);
    assert.equal(v.fee('USDT'), fees + 1n);
    assert.equal(v.position('carol', 'BTC_PERP')?.funding, 2223n);
    assert.equal(v.position('dave', 'BTC_PERP')?.funding, -2222n);
    const { settlement, payments } = settled(out.events);
    assert.deepEqual(
      { rate: settlement.rate, paid: settlement.paid, received: settlement.received, residue: settlement.residue },
      { rate: rate('0.000123456789'), paid: 2223n, received: 2222n, residue: 1n },
    );
    assert.deepEqual(
      payments.map((p) => [p.user, p.size, p.amount]),
      [
        ['carol', 3, -2223n],
        ['dave', -3, 2222n],
      ],
    );
    sound(v);
  });

  it('shorts pay longs when the rate is negative', () => {
    const v = venueWithFunding({ interest: rate('-0.0001') });
    openPair(v, LOT / 10);
    const carol = v.collateral('carol', 'USDT');
    const dave = v.collateral('dave', 'USDT');
    v.must({ type: 'SettleFunding', market: 'BTC_PERP', early: true });
    // 0.1 BTC × 60 000 × 0.0001 = 0.6 USDT, exact: no residue
    assert.equal(v.collateral('dave', 'USDT'), dave - usdt('0.6'));
    assert.equal(v.collateral('carol', 'USDT'), carol + usdt('0.6'));
    sound(v);
  });

  it('a payer without the money borrows it from the lending pool', () => {
    const v = venueWithFunding({ interest: rate('0.0003') });
    // frank's collateral is bitcoin only: his fee and his funding are lent to him in USDT
    v.collateralUser('frank', { BTC: '0.01' });
    v.must({ type: 'SetLeverage', user: 'frank', leverage: 100 });
    v.must(collateralOrder('dave', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT / 10 }));
    v.must(collateralOrder('frank', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT / 10 }));
    assert.equal(v.loan('frank', 'BTC_PERP', 'USDT'), usdt('3'));
    const pool = v.pool('USDT');
    for (let i = 0; i < 4; i++) v.must({ type: 'SettleFunding', market: 'BTC_PERP', early: true });
    // four payments of 0.1 BTC × 60 000 × 0.0003 = 1.8
    assert.equal(v.collateral('frank', 'USDT'), 0n);
    assert.equal(v.loan('frank', 'BTC_PERP', 'USDT'), usdt('10.2'));
    assert.equal(v.pool('USDT'), pool - usdt('7.2'));
    assert.equal(v.position('frank', 'BTC_PERP')?.funding, usdt('7.2'));
    sound(v);
  });

  it('settles exactly at the published boundary and not before', () => {
    const v = venueWithFunding({ interest: rate('0.0001') });
    openPair(v, LOT / 10);
    const nextAt = v.state.funding.get('BTC_PERP')!.nextAt;
    assert.equal(nextAt % INTERVAL, 0);
    assert.ok(nextAt > v.time && nextAt <= v.time + INTERVAL);
    v.time = nextAt - 2_000_000;
    const early = v.run({ type: 'SettleFunding', market: 'BTC_PERP', early: false });
    assert.equal(early.result.ok ? 'settled' : early.result.rejection.reason, 'FUNDING_NOT_DUE');
    assert.equal(v.position('carol', 'BTC_PERP')?.funding, 0n);
    v.time = nextAt - 1_000_000;
    const due = v.run({ type: 'SettleFunding', market: 'BTC_PERP', early: false });
    assert.ok(due.result.ok);
    assert.equal(due.result.value.settledAt, nextAt);
    assert.equal(v.state.funding.get('BTC_PERP')!.nextAt, nextAt + INTERVAL);
    assert.equal(v.state.funding.get('BTC_PERP')!.periodStart, nextAt);
    assert.equal(v.position('carol', 'BTC_PERP')?.funding, usdt('0.6'));
    sound(v);
  });

  it('the rate is the time-weighted premium of the book over the index, plus interest, within floor and cap', () => {
    const v = venueWithFunding({ interest: rate('0.00001') });
    v.must({ type: 'SettleFunding', market: 'BTC_PERP', early: true });
    const start = v.time;
    // a bid 0.005 % above the index: the mark is the bid, the premium 0.00005
    const bid = v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 60_003 * TICK, amount: 1 }));
    const from = v.time;
    v.time += 3_600_000_000;
    v.must({ type: 'CancelOrder', user: 'erin', market: 'BTC_PERP', orderId: bid.id });
    const to = v.time;
    v.time += 7_200_000_000;
    const at = v.time + 1_000_000;
    const expected = (rate('0.00005') * BigInt(to - from)) / BigInt(at - start) + rate('0.00001');
    const spec = v.state.markets.get('BTC_PERP')!;
    assert.equal(predictedFundingRate(v.state, spec, at), expected);
    const out = v.must({ type: 'SettleFunding', market: 'BTC_PERP', early: true });
    assert.equal(out.rate, expected);
    assert.equal(out.periodStart, start);

    // an ask 0.5 % below the index for a whole period: −0.005 + 0.00001, held at the floor
    v.must(collateralOrder('erin', 'BTC_PERP', 'sell', { price: 59_700 * TICK, amount: 1 }));
    v.time += 3_600_000_000;
    assert.equal(v.must({ type: 'SettleFunding', market: 'BTC_PERP', early: true }).rate, rate('-0.0003'));
    // a bid 0.5 % above: held at the cap
    v.must({ type: 'CancelAllOrders', user: 'erin', market: null, kinds: null });
    v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 60_300 * TICK, amount: 1 }));
    v.time += 3_600_000_000;
    assert.equal(v.must({ type: 'SettleFunding', market: 'BTC_PERP', early: true }).rate, rate('0.0003'));
    sound(v);
  });

  it('an index move moves the mark and the premium with it', () => {
    const v = venueWithFunding({ interest: 0n, cap: rate('1'), floor: rate('-1') });
    v.must(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 59_000 * TICK, amount: 1 }));
    v.must({ type: 'SettleFunding', market: 'BTC_PERP', early: true });
    const spec = v.state.markets.get('BTC_PERP')!;
    assert.equal(predictedFundingRate(v.state, spec, v.time + 1), 0n);
    // the index falls below the bid: from now on the mark is the bid, 59 000 / 58 000 − 1 above it
    v.index('BTC', '58000');
    const from = v.time;
    const at = from + 1_000_000;
    const premium = (rate('1') * (59_000n - 58_000n)) / 58_000n;
    assert.equal(
      predictedFundingRate(v.state, spec, at),
      (premium * BigInt(at - from)) / BigInt(at - (from - 1_000_000)),
    );
  });

  it('a market without perpetual funding cannot be settled', () => {
    const v = venueWithFunding({});
    const out = v.run({ type: 'SettleFunding', market: 'BTC_USDT', early: true });
    assert.equal(out.result.ok ? 'settled' : out.result.rejection.reason, 'MARKET_NOT_AVAILABLE');
  });
});

describe('the settlement a listing announces', () => {
  it('is the period’s end while ahead, else the next boundary: always after now, always on the schedule', () => {
    const terms = BTC_PERP.margin!.funding!;
    fc.assert(
      fc.property(fc.nat(10_000), fc.integer({ min: -3, max: 3 }), fc.nat(INTERVAL - 1), (k, periods, into) => {
        const now = k * INTERVAL + into;
        // a period whose end is some boundary near now: ahead of it, or passed unsettled
        const nextAt = (k + periods) * INTERVAL;
        const period = { periodStart: 0, nextAt, premiumTime: 0n, accruedAt: 0, premium: 0n, lastRate: null };
        const announced = upcomingSettlement(period, terms, now);
        assert.ok(announced > now);
        assert.equal(announced % INTERVAL, 0);
        assert.equal(announced, nextAt > now ? nextAt : (k + 1) * INTERVAL);
        assert.equal(upcomingSettlement(undefined, terms, now), (k + 1) * INTERVAL);
      }),
    );
  });
});
