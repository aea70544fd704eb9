import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  addDecimal,
  compareDecimal,
  isZero,
  readableDecimal,
  roundDecimal,
  subtractDecimal,
} from '../src/ui/decimal.js';

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

  it('rounds to a number of places to the nearest, half away from zero, exactly', () => {
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 14 }), (a, places) => {
        const rounded = roundDecimal(a.text, places);
        assert.ok((rounded.split('.')[1] ?? '').length <= places, rounded);
        assert.doesNotMatch(rounded, /\.\d*0$|\.$|^-0$/);
        // within half a unit of the last place kept, and never the other side of a half
        const off = subtractDecimal(rounded, a.text);
        const half = `0.${'0'.repeat(places)}5`;
        assert.ok(compareDecimal(off.replace(/^-/, ''), half) <= 0, `${a.text} → ${rounded}`);
        if (compareDecimal(off.replace(/^-/, ''), half) === 0)
          assert.equal(off.startsWith('-'), a.text.startsWith('-'));
      }),
    );
    assert.equal(roundDecimal('60021.336585465668507194', 1), '60021.3');
    assert.equal(roundDecimal('59999.96', 1), '60000');
    assert.equal(roundDecimal('-0.05', 1), '-0.1');
    assert.equal(roundDecimal('-0.04', 1), '0');
    assert.equal(roundDecimal('12.5', 0), '13');
  });

  it('keeps a number of significant digits, and at least some places however large the figure', () => {
    assert.equal(readableDecimal('0.000099992332981008'), '0.0000999923');
    assert.equal(readableDecimal('-0.734106988417379429'), '-0.734107');
    assert.equal(readableDecimal('104939.119606710424358514'), '104939.12');
    assert.equal(readableDecimal('0.0001'), '0.0001');
    assert.equal(readableDecimal('0'), '0');
    assert.equal(readableDecimal('-0.000000000000000001'), '-0.000000000000000001');
    assert.equal(readableDecimal('0.00099999999'), '0.001');
  });
});
