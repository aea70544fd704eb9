import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decimalToUnits, formatUnits, parseDecimal, parseUnits, pow10, rescaleExact } from '../src/money/decimal.js';
import { divCeil, divFloor, mulDivCeil, mulDivFloor } from '../src/money/arithmetic.js';
import { RATE_DECIMALS, rateFromDecimal, rateFromPercent, rateToDecimal, rateToPercent } from '../src/money/rate.js';

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

  it('reads decimal text of any length exactly: leading zeros refused, trailing zeros not precision', () => {
    // short runs as often as long ones, up to the whole length
    const digits = (maxLength: number, unit = fc.constantFrom(...'00123456789')): fc.Arbitrary<string> =>
      fc.oneof(fc.string({ unit, maxLength }), fc.string({ unit, maxLength, size: 'max' }));
    const written = fc
      .record({
        minus: fc.boolean(),
        leadingZeros: digits(100, fc.constant('0')),
        whole: digits(200),
        fraction: fc.option(digits(200)),
        trailingZeros: digits(150, fc.constant('0')),
      })
      .filter((w) => {
        const length = (w.minus ? 1 : 0) + w.leadingZeros.length + w.whole.length;
        return length + (w.fraction === null ? 0 : 1 + w.fraction.length + w.trailingZeros.length) <= 500;
      });
    fc.assert(
      fc.property(written, fc.integer({ min: 0, max: 18 }), (w, scale) => {
        const intPart = w.leadingZeros + w.whole;
        const fraction = w.fraction === null ? null : w.fraction + w.trailingZeros;
        const text = `${w.minus ? '-' : ''}${intPart}${fraction === null ? '' : `.${fraction}`}`;
        const d = parseDecimal(text);
        const strict = intPart !== '' && (intPart === '0' || !intPart.startsWith('0')) && fraction !== '';
        if (!strict) {
          assert.equal(d, undefined, text);
          return;
        }
        const significant = (fraction ?? '').replace(/0*$/, '');
        const digitsValue = BigInt(intPart + significant);
        assert.deepEqual(d, {
          negative: w.minus && digitsValue !== 0n,
          digits: digitsValue,
          fractionDigits: significant.length,
        });
        const units = decimalToUnits(d, scale);
        if (significant.length > scale) assert.equal(units, undefined, text);
        else assert.equal(units, (d.negative ? -1n : 1n) * BigInt(intPart + significant.padEnd(scale, '0')), text);
      }),
      {
        examples: [
          [{ minus: false, leadingZeros: '0', whole: '', fraction: '0'.repeat(60) + '1', trailingZeros: '' }, 8],
          [{ minus: false, leadingZeros: '0', whole: '', fraction: '1', trailingZeros: '0'.repeat(300) }, 1],
          [{ minus: false, leadingZeros: '', whole: '1'.repeat(490), fraction: null, trailingZeros: '' }, 18],
        ],
      },
    );
  });

  it('any text of digits, dots and minus signs up to 500 characters is read or refused, never thrown on', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0000123456789..-'), minLength: 1, maxLength: 500, size: 'max' }),
        fc.integer({ min: 0, max: 18 }),
        (text, scale) => {
          const d = parseDecimal(text);
          if (d !== undefined) decimalToUnits(d, scale);
        },
      ),
    );
  });

  it('powers of ten are exact at any exponent a decimal text can carry', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), (n) => {
        assert.equal(pow10(n), 10n ** BigInt(n));
      }),
    );
    assert.throws(() => pow10(-1), RangeError);
    assert.throws(() => pow10(1.5), RangeError);
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

  it('a rate shown with at most n decimals is cut toward zero, by less than one unit of the last', () => {
    assert.equal(rateToDecimal(44_889_033_693_137n), '0.000044889033693137');
    assert.equal(rateToDecimal(44_889_033_693_137n, 16), '0.0000448890336931');
    assert.equal(rateToDecimal(-44_889_033_693_199n, 16), '-0.0000448890336931');
    assert.equal(rateToDecimal(-99n, 16), '0');
    fc.assert(
      fc.property(fc.bigInt(-(10n ** 17n), 10n ** 17n), fc.integer({ min: 0, max: RATE_DECIMALS }), (rate, places) => {
        const text = rateToDecimal(rate, places);
        assert.ok((text.split('.')[1] ?? '').length <= places, text);
        const shown = rateFromDecimal(text)!;
        const abs = (n: bigint): bigint => (n < 0n ? -n : n);
        // never further from zero than the rate, and less than one unit of the last decimal nearer
        assert.ok(abs(shown) <= abs(rate) && abs(rate) - abs(shown) < pow10(RATE_DECIMALS - places), text);
        assert.ok(shown === 0n || shown < 0n === rate < 0n, text);
      }),
    );
  });
});
