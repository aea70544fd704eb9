import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { integerValue } from '../../src/http/validation/integer-value.js';

describe('integer fields', () => {
  it('take a JSON integer or its text, with a sign, as Laravel’s integer rule does', () => {
    for (const [value, expected] of [
      [5, 5],
      ['5', 5],
      ['0', 0],
      ['-1', -1],
      ['+5', 5],
      ['9007199254740991', Number.MAX_SAFE_INTEGER],
      [' 5', 5],
      ['5\n', 5],
    ] as const) {
      assert.equal(integerValue(value), expected, JSON.stringify(value));
    }
  });

  it('refuse leading zeros, fractions, exponents, blanks alone and what is not a safe integer', () => {
    for (const value of [
      '05',
      '-05',
      '00',
      '5.0',
      '1e3',
      ' ',
      '5 5',
      '\u00a05',
      '',
      '+',
      '-',
      '0x10',
      '9007199254740993',
      5.5,
      NaN,
      true,
      null,
      [5],
      {},
    ]) {
      assert.equal(integerValue(value), undefined, JSON.stringify(value));
    }
  });

  it('read every safe integer’s text as the integer itself', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => assert.equal(integerValue(String(n)), n)));
  });
});
