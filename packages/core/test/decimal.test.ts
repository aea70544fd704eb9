import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decimalToUnits, formatUnits, parseDecimal, parseUnits, rescaleExact } from '../src/money/decimal.js';
import { divCeil, divFloor, mulDivCeil, mulDivFloor } from '../src/money/arithmetic.js';
import { rateFromPercent, rateToPercent } from '../src/money/rate.js';

describe('decimal text ↔ integer units', () => {
  it('parses strictly: no exponent, sign, spaces, leading zeros or bare dots', () => {
    for (const bad of [
      '',
      ' 1',
      '1 ',
      '+1',
      '1e3',
      '1E-3',
      '.5',
      '5.',
      '01',
      '00.1',
      '0x10',
      '1,5',
      'NaN',
      'Infinity',
      '--1',
      '1.2.3',
    ]) {
      assert.equal(parseDecimal(bad), undefined, bad);
    }
    assert.deepEqual(parseDecimal('0'), { negative: false, digits: 0n, fractionDigits: 0 });
    assert.deepEqual(parseDecimal('-0.50'), { negative: true, digits: 5n, fractionDigits: 1 });
    assert.deepEqual(parseDecimal('-0'), { negative: false, digits: 0n, fractionDigits: 0 });
  });

  it('refuses more precision than the scale, but trailing zeros are not precision', () => {
    assert.equal(parseUnits('0.123456789', 8), undefined);
    assert.equal(parseUnits('0.12345678', 8), 12345678n);
    assert.equal(parseUnits('1.50000000000', 2), 150n);
    assert.equal(parseUnits('12', 0), 12n);
  });

  it('formats the shortest exact text', () => {
    assert.equal(formatUnits(0n, 8), '0');
    assert.equal(formatUnits(150n, 2), '1.5');
    assert.equal(formatUnits(-1n, 8), '-0.00000001');
    assert.equal(formatUnits(123456789012345678901234567890n, 18), '123456789012.34567890123456789');
  });

  it('round-trips every integer at every scale', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        (units, scale) => {
          assert.equal(parseUnits(formatUnits(units, scale), scale), units);
        },
      ),
    );
  });

  it('parsing is exact where floating point is not', () => {
    assert.equal(parseUnits('0.1', 1)! + parseUnits('0.2', 1)!, parseUnits('0.3', 1));
    assert.equal(decimalToUnits(parseDecimal('9007199254740993')!, 0), 9007199254740993n);
  });

  it('rescales without losing precision, or refuses', () => {
    assert.equal(rescaleExact(15n, 1, 3), 1500n);
    assert.equal(rescaleExact(1500n, 3, 1), 15n);
    assert.throws(() => rescaleExact(1501n, 3, 1));
  });
});

describe('rounding names its direction', () => {
  it('mulDiv floor and ceil bracket the exact quotient', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 18n }),
        (a, b, c) => {
          const lo = mulDivFloor(a, b, c);
          const hi = mulDivCeil(a, b, c);
          assert.ok(lo * c <= a * b && a * b < (lo + 1n) * c);
          assert.ok(hi - lo === ((a * b) % c === 0n ? 0n : 1n));
        },
      ),
    );
  });

  it('divFloor and divCeil round toward −∞ and +∞ for either sign', () => {
    assert.equal(divFloor(-7n, 2n), -4n);
    assert.equal(divCeil(-7n, 2n), -3n);
    assert.equal(divFloor(7n, 2n), 3n);
    assert.equal(divCeil(7n, 2n), 4n);
  });

  it('fee percents are exact rates', () => {
    assert.equal(rateFromPercent('0.1'), 10n ** 15n);
    assert.equal(rateToPercent(rateFromPercent('0.055')!), '0.055');
    assert.equal(rateFromPercent('-1'), undefined);
  });
});
