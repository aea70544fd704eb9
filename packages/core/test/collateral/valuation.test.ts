import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { divide } from '../../src/collateral/valuation.js';

const nonZero = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).filter((d) => d !== 0n);
const any = fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n });

describe('divide', () => {
  it('rounds down or up whatever the signs of numerator and divisor', () => {
    fc.assert(
      fc.property(any, nonZero, (n, d) => {
        const down = divide(n, d, false);
        const up = divide(n, d, true);
        // down ≤ n/d < down + 1 and up − 1 < n/d ≤ up, compared without dividing: multiply through by d², > 0
        const scaled = n * d;
        const d2 = d * d;
        assert.ok(down * d2 <= scaled && scaled < (down + 1n) * d2, `down ${n}/${d}`);
        assert.ok((up - 1n) * d2 < scaled && scaled <= up * d2, `up ${n}/${d}`);
      }),
    );
  });

  it('a negative divisor: a margin fraction over negative equity rounds up toward zero', () => {
    assert.equal(divide(400n * 10n ** 18n, -1300n, true), -307692307692307692n);
    assert.equal(divide(7n, -2n, false), -4n);
    assert.equal(divide(7n, -2n, true), -3n);
    assert.equal(divide(-7n, -2n, false), 3n);
    assert.equal(divide(-7n, -2n, true), 4n);
  });
});
