import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FieldValidation } from '../../src/http/validation/field-validation.js';

const KEYS = ['clientOrderId', 'client_order_id'] as const;

function spelled(body: Record<string, unknown>): { key: string; errors: unknown } {
  const v = new FieldValidation(body);
  return { key: v.spelling(KEYS), errors: v.errors };
}

describe('a field given under two spellings', () => {
  it('is read under the one given; absent, null and "" count as not given', () => {
    assert.deepEqual(spelled({}), { key: 'clientOrderId', errors: {} });
    assert.deepEqual(spelled({ client_order_id: 'a' }), { key: 'client_order_id', errors: {} });
    assert.deepEqual(spelled({ clientOrderId: null, client_order_id: 'a' }), { key: 'client_order_id', errors: {} });
    assert.deepEqual(spelled({ clientOrderId: '', client_order_id: 'a' }), { key: 'client_order_id', errors: {} });
  });

  it('takes both with the same value: a number and its text, however written, are the same', () => {
    for (const [a, b] of [
      ['a', 'a'],
      [5, '5'],
      [40000, '40000.0'],
      ['0.10', '0.1'],
    ]) {
      assert.deepEqual(spelled({ clientOrderId: a, client_order_id: b }).errors, {}, `${a} ${b}`);
    }
  });

  it('refuses both with different values once, under the first spelling', () => {
    for (const [a, b] of [
      ['a', 'b'],
      [5, '6'],
      ['-1', '1'],
      [5, '5x'],
    ]) {
      const v = new FieldValidation({ clientOrderId: a, client_order_id: b });
      v.spelling(KEYS);
      v.spelling(KEYS);
      assert.deepEqual(v.errors, { clientOrderId: ['The clientOrderId and client_order_id must match.'] }, `${a} ${b}`);
    }
  });
});
