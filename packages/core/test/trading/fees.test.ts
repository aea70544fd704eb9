import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { marketUnits, RATE_SCALE, type MarketSpec, type MarketUnits } from '../../src/index.js';
import { ceilDivExact, exact, floorDivExact } from '../../src/money/exact-number.js';
import {
  limitBuyHold,
  notional,
  notionalNumber,
  sellProceeds,
  sellProceedsNumber,
  stockUnits,
} from '../../src/trading/fees.js';

/**
 * The hot path computes holds, notionals and a seller's proceeds in doubles where every step is an
 * exact integer below 2^53, and in bigint otherwise. Both ways must give the same money, always:
 * these properties hold the double paths to the plain bigint formulas, near 2^53 and beyond it too.
 */

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** Fee rates as markets set them (0.1 %, 0.2 %, 0.0123 %...) and some that reduce badly or take everything. */
const rate = fc.oneof(
  fc.constantFrom(0n, 1_000_000_000_000_000n, 2_000_000_000_000_000n, 123_000_000_000_000n, RATE_SCALE),
  fc.bigInt({ min: 0n, max: RATE_SCALE }),
  fc.bigInt({ min: RATE_SCALE, max: 2n * RATE_SCALE }),
);

const units = fc
  .record({
    stockPrec: fc.integer({ min: 0, max: 10 }),
    moneyPrec: fc.integer({ min: 0, max: 10 }),
    moneyPrecision: fc.integer({ min: 0, max: 18 }),
    stockPrecision: fc.integer({ min: 0, max: 18 }),
    makerFee: rate,
    takerFee: rate,
  })
  .map((r): MarketUnits => {
    const spec: MarketSpec = {
      name: 'X_Y',
      stock: 'X',
      money: 'Y',
      type: 'spot',
      stockPrec: r.stockPrec,
      moneyPrec: r.moneyPrec,
      feePrec: 6,
      makerFee: r.makerFee,
      takerFee: r.takerFee,
      minAmount: 1n,
      minTotal: 0n,
      maxTotal: 0n,
      tradesEnabled: true,
      isCollateral: false,
    };
    return marketUnits(spec, r.moneyPrecision, r.stockPrecision);
  });

/** Safe integers of every size, crowding near the 2^53 edge where the double paths must give way. */
const safeInt = fc.oneof(
  fc.integer({ min: 1, max: 1000 }),
  fc.integer({ min: 1, max: 2 ** 31 }),
  fc.maxSafeNat(),
  fc.integer({ min: Number.MAX_SAFE_INTEGER - 1000, max: Number.MAX_SAFE_INTEGER }),
);

function ceil(a: bigint, d: bigint): bigint {
  return (a + d - 1n) / d;
}

describe('fees: doubles where exact, bigint otherwise, the same money', () => {
  it('divides exact integers exactly, rounding down and up', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (a, b) => {
        assert.equal(BigInt(floorDivExact(a, b)), BigInt(a) / BigInt(b));
        assert.equal(BigInt(ceilDivExact(a, b)), ceil(BigInt(a), BigInt(b)));
      }),
      { numRuns: 2000 },
    );
  });

  it('holds for a buy limit order exactly what the bigint formula holds', () => {
    fc.assert(
      fc.property(units, safeInt, safeInt, (u, price, lots) => {
        const n = BigInt(price) * BigInt(lots) * u.mul;
        const expected = ceil(n, u.div) + ceil(n * u.maxFeeRate, u.feeDiv);
        assert.equal(limitBuyHold(u, price, lots), expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes notionals and stock units exactly, and says when a double would not be exact', () => {
    fc.assert(
      fc.property(units, safeInt, safeInt, (u, price, lots) => {
        const n = BigInt(price) * BigInt(lots) * u.mul;
        assert.equal(notional(u, price, lots), n);
        const nN = notionalNumber(u, price, lots);
        if (exact(nN)) assert.equal(BigInt(nN), n);
        // a market whose factor does not fit a double takes the bigint way for every notional, 0 included
        else assert.ok(n > MAX || !exact(u.mulN));
        assert.equal(stockUnits(u, lots), BigInt(lots) * u.lot);
      }),
      { numRuns: 2000 },
    );
  });

  it("computes a seller's proceeds and fee exactly, maker or taker", () => {
    let inDoubles = 0;
    fc.assert(
      fc.property(units, safeInt, safeInt, fc.boolean(), (u, price, lots, maker) => {
        const nN = notionalNumber(u, price, lots);
        const proceeds = sellProceedsNumber(nN, maker ? u.makerKeeps : u.takerKeeps);
        const fee = floorDivExact(nN, u.divN) - proceeds;
        // the fill takes the double path only when the fee, and so both terms, came out exact
        if (!exact(fee)) return;
        inDoubles++;
        const n = BigInt(nN);
        const expected = sellProceeds(u, n, maker ? u.spec.makerFee : u.spec.takerFee);
        assert.equal(BigInt(proceeds), expected);
        assert.equal(BigInt(fee), n / u.div - expected);
      }),
      { numRuns: 2000 },
    );
    assert.ok(inDoubles > 200, `only ${inDoubles} cases in doubles`);
  });
});
