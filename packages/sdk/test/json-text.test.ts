import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { jsonText, plainNumber } from '../src/json-text.js';

describe('JSON text for the API: numbers in plain decimal notation', () => {
  it('writes out what JSON.stringify would put in exponent form, digit for digit', () => {
    const cases: [number, string][] = [
      [5e-7, '0.0000005'],
      [0.00000005, '0.00000005'],
      [1.5e-7, '0.00000015'],
      [-2.5e-8, '-0.000000025'],
      [1.2345678912345e-9, '0.0000000012345678912345'],
      [1e21, '1000000000000000000000'],
      [1.25e22, '12500000000000000000000'],
      [-3e25, '-30000000000000000000000000'],
      [0.000001, '0.000001'],
      [123.456, '123.456'],
      [0, '0'],
      [-0, '0'],
    ];
    for (const [value, text] of cases) assert.equal(plainNumber(value), text, String(value));
  });

  it('sends a float as what it is: the caller chose its precision', () => {
    assert.equal(jsonText({ amount: 0.1 + 0.2 }), '{"amount":0.30000000000000004}');
  });

  it('every finite number reads back as itself, and never in exponent form', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const text = plainNumber(value);
        assert.doesNotMatch(text, /e/i);
        assert.equal(Number(text), value === 0 ? 0 : value);
      }),
      { numRuns: 5000 },
    );
  });

  it('is JSON.stringify for everything but those numbers', () => {
    const body = {
      request: '/api/v4/order/new',
      nonce: 1_700_000_000_000,
      nonceWindow: true,
      market: 'BTC_USDT',
      amount: 5e-7,
      price: '50000',
      postOnly: false,
      skipped: undefined,
      nested: [1, 'two', null, undefined, { deep: 1e-9, when: new Date(0) }],
      escaped: 'quote " backslash \\ line\n',
      infinite: Number.POSITIVE_INFINITY,
    };
    const text = jsonText(body);
    assert.equal(
      text,
      JSON.stringify(body).replace('"amount":5e-7', '"amount":0.0000005').replace('"deep":1e-9', '"deep":0.000000001'),
    );
    assert.deepEqual(JSON.parse(text), JSON.parse(JSON.stringify(body)));
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        assert.deepEqual(JSON.parse(jsonText(value)), JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  // fc.jsonValue() makes no holes, no toJSON and no cycles: these are what it leaves out
  it('writes holes as JSON.stringify does: null', () => {
    const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays
    const long: unknown[] = [];
    long[3] = 'x';
    for (const value of [sparse, long, { list: sparse }, new Array(2)]) {
      assert.equal(jsonText(value), JSON.stringify(value));
    }
    assert.equal(jsonText(sparse), '[1,null,3]');
  });

  it("calls toJSON with the member's key or index, as JSON.stringify does", () => {
    const keyed = { toJSON: (key: string) => `at ${key}` };
    const value = { first: keyed, list: [keyed, keyed], nested: { inner: keyed } };
    assert.equal(jsonText(value), JSON.stringify(value));
    assert.equal(jsonText(keyed), '"at "');
    // what toJSON answers is written as any value is: its numbers in plain notation
    assert.equal(jsonText({ amount: { toJSON: () => 5e-7 } }), '{"amount":0.0000005}');
  });

  it('refuses a structure that contains itself as JSON.stringify does, with a TypeError', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    const list: unknown[] = [];
    list.push(list);
    for (const value of [cyclic, list]) {
      assert.throws(() => JSON.stringify(value), TypeError);
      assert.throws(() => jsonText(value), TypeError);
    }
    // the same object twice, not inside itself, is no cycle
    const shared = { n: 1 };
    assert.equal(jsonText([shared, { shared }]), JSON.stringify([shared, { shared }]));
  });
});
