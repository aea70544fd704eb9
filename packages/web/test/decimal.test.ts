import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { addDecimal, compareDecimal, isZero, subtractDecimal } from '../src/ui/decimal.js';

/** A decimal text as the API writes them, with the exact value it stands for in units of 10^-12. */
const decimal = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 12 }))
  .map(([negative, units, scale]) => {
    const digits = units.toString().padStart(scale + 1, '0');
    const whole = digits.slice(0, digits.length - scale);
    const fraction = digits.slice(digits.length - scale);
    const text = `${negative && units !== 0n ? '-' : ''}${whole}${scale === 0 ? '' : `.${fraction}`}`;
    const value = (negative ? -units : units) * 10n ** BigInt(12 - scale);
    return { text, value };
  });

describe('the dashboard orders and sums decimal strings exactly', () => {
  it('compares as the values do, whatever the number of decimals', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const expected = a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
        assert.equal(compareDecimal(a.text, b.text), expected);
      }),
    );
  });

  it('adds and subtracts without rounding, and writes the result without trailing zeros', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const sum = addDecimal(a.text, b.text);
        assert.equal(compareDecimal(subtractDecimal(sum, b.text), a.text), 0);
        assert.doesNotMatch(sum, /\.\d*0$|\.$/);
        assert.equal(isZero(subtractDecimal(a.text, a.text)), true);
      }),
    );
  });

  it('keeps digits a float would lose', () => {
    assert.equal(addDecimal('0.1', '0.2'), '0.3');
    assert.equal(addDecimal('9007199254740993', '0.000000000001'), '9007199254740993.000000000001');
    assert.equal(compareDecimal('60000.10', '60000.1'), 0);
    assert.equal(subtractDecimal('1', '1.5'), '-0.5');
  });
});
