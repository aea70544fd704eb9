import { parseDecimal, type ParsedDecimal } from '@txc/core';
import type { FieldErrors } from '@txc/sdk';
import { jsonEqual } from './json-equal.js';

/** Collects every field's problems of one request, so the answer lists them all at once. */
export class FieldValidation {
  readonly errors: FieldErrors = {};

  constructor(readonly body: Readonly<Record<string, unknown>>) {}

  get failed(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  /** Whether the body carries a value for `field`. */
  has(field: string): boolean {
    const v = this.body[field];
    return v !== undefined && v !== null && v !== '';
  }

  /** Whether the body names `field` at all, an empty string included (null is JSON's absent value). */
  sent(field: string): boolean {
    const v = this.body[field];
    return v !== undefined && v !== null;
  }

  /** Records a problem of `field`; one already recorded is not repeated. */
  add(field: string, message: string): void {
    const list = (this.errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }

  /**
   * The key a field was given under among its spellings (`clientOrderId` / `client_order_id`), the
   * first when it was not given. Two spellings with different values are refused: either could be
   * the one the client meant (an order to cancel, a withdrawal's idempotency key).
   */
  spelling(keys: readonly [string, ...string[]]): string {
    let found: string | undefined;
    for (const k of keys) {
      const v = this.body[k];
      if (v === undefined || v === null || v === '') continue;
      if (found === undefined) found = k;
      else if (!sameValue(v, this.body[found])) this.add(found, `The ${found} and ${k} must match.`);
    }
    return found ?? keys[0];
  }
}

/** Whether two values name the same thing: equal JSON, or the same decimal as a number or text (`5`, `"5.0"`). */
function sameValue(a: unknown, b: unknown): boolean {
  const x = decimalOf(a);
  const y = decimalOf(b);
  if (x === undefined || y === undefined) return jsonEqual(a, b);
  // parsed without trailing zeros: the same value has the same digits
  return x.negative === y.negative && x.digits === y.digits && x.fractionDigits === y.fractionDigits;
}

function decimalOf(v: unknown): ParsedDecimal | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? parseDecimal(String(v)) : undefined;
  return typeof v === 'string' ? parseDecimal(v) : undefined;
}
