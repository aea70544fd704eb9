import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { JsonLimitError, parseExactJson } from '../../src/json/exact-json.js';

const limits = { maxDepth: 8, maxStringLength: 64 };
const parse = (text: string): unknown => parseExactJson(text, limits);

describe('exact JSON', () => {
  it('keeps safe integers as numbers, and hands over the exact text of every other number', () => {
    assert.deepEqual(parse('{"a":1,"b":-0.5,"c":9007199254740991,"d":0.123456789012345,"e":0.00000001}'), {
      a: 1,
      b: '-0.5',
      c: 9007199254740991,
      d: '0.123456789012345',
      e: '0.00000001',
    });
    assert.deepEqual(parse('{"a":9007199254740993,"b":1e-3,"c":0.1234567890123456789,"d":1E3,"e":[2.5e0]}'), {
      a: '9007199254740993',
      b: '1e-3',
      c: '0.1234567890123456789',
      d: '1E3',
      e: ['2.5e0'],
    });
  });

  it('reads a safe whole number written with a zero fraction as that integer, as the deployed service does', () => {
    assert.deepEqual(parse('{"a":5.0,"b":-10.00,"c":0.0,"d":5.01,"e":9007199254740993.0,"f":"5.0"}'), {
      a: 5,
      b: -10,
      c: 0,
      d: '5.01',
      e: '9007199254740993.0',
      f: '5.0',
    });
  });

  it('leaves number-like text inside strings alone', () => {
    assert.deepEqual(parse('{"a":"1e5","b":"x\\"1e5\\"","c":"0.12345678901234567890"}'), {
      a: '1e5',
      b: 'x"1e5"',
      c: '0.12345678901234567890',
    });
  });

  it('agrees with JSON.parse on every document whose numbers are safe integers', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.maxSafeInteger(),
        fc.string(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(
          fc.string().filter((k) => k !== '__proto__'),
          tie('node'),
          { maxKeys: 4 },
        ),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        const text = JSON.stringify(v);
        assert.deepEqual(parseExactJson(text, { maxDepth: 64, maxStringLength: 100_000 }), JSON.parse(text));
      }),
    );
  });

  it('hands over the exact text of any decimal', () => {
    const significant = fc.stringMatching(/^[1-9][0-9]{0,28}[1-9]$/);
    fc.assert(
      fc.property(significant, fc.integer({ min: 0, max: 40 }), fc.boolean(), (digits, point, negative) => {
        const at = Math.min(point, digits.length - 1);
        const literal = `${negative ? '-' : ''}${at === 0 ? `0.${digits}` : `${digits.slice(0, at)}.${digits.slice(at)}`}`;
        assert.deepEqual(parse(`{"amount":${literal}}`), { amount: literal });
      }),
    );
  });

  it('refuses deep nesting, long strings, duplicate keys, __proto__ and NUL characters', () => {
    assert.throws(() => parse('[[[[[[[[[1]]]]]]]]]'), JsonLimitError);
    assert.doesNotThrow(() => parse('[[[[[[[[1]]]]]]]]'));
    assert.throws(() => parse(`{"a":"${'x'.repeat(65)}"}`), JsonLimitError);
    assert.throws(() => parse('{"a":1,"a":2}'), { name: 'JsonLimitError', message: 'JSON key "a" given twice' });
    assert.throws(() => parse('{"a":1,"\\u0061":2}'), { message: 'JSON key "a" given twice' });
    assert.throws(() => parse('{"__proto__":{"x":1}}'), {
      name: 'JsonLimitError',
      message: 'JSON key "__proto__" not allowed',
    });
    assert.throws(() => parse('{"memo":"a\\u0000"}'), JsonLimitError);
    assert.throws(() => parse('{"\\u0000":1}'), JsonLimitError);
    assert.deepEqual(parse('{"memo":"\\\\u0000"}'), { memo: '\\u0000' });
    assert.throws(() => parse('{"memo":"\\ud800"}'), JsonLimitError);
    assert.throws(() => parse('{"memo":"a\\udfffb"}'), JsonLimitError);
    assert.throws(() => parse('{"\\udbff":1}'), JsonLimitError);
    assert.deepEqual(parse('{"memo":"\\ud83d\\ude00"}'), { memo: '\u{1F600}' });
    assert.deepEqual(parse('{"memo":"\\\\ud800"}'), { memo: '\\ud800' });
    assert.deepEqual(parse('{"a":{"a":1},"b":[{"a":2},{"a":3}]}'), { a: { a: 1 }, b: [{ a: 2 }, { a: 3 }] });
  });

  it('keeps an integer literal a number exactly when it is valid JSON and safe, whatever its digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?[0-9]{1,22}$/), (literal) => {
        const text = `{"n":${literal}}`;
        if (!/^-?(0|[1-9][0-9]*)$/.test(literal)) return assert.throws(() => parse(text), SyntaxError);
        const exact = Number.isSafeInteger(Number(literal)) ? Number(literal) : literal;
        assert.deepEqual(parse(text), { n: exact });
      }),
    );
  });

  it('lets JSON.parse refuse what is not JSON', () => {
    for (const bad of ['{', '{"a":}', '[1,]', 'nope', '{"a":01}', '{"a":-}', '{"a":1-2}', '{"a\u0001":1}', ''])
      assert.throws(() => parse(bad), SyntaxError);
  });
});
