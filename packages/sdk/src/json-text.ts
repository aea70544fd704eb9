/**
 * JSON text the API reads: every number in plain decimal notation. JSON.stringify writes a number
 * below 1e-6 or from 1e21 in exponent form (`5e-7`), which the API refuses as a money figure ("The
 * amount must be a number."); here it goes out as the same number written out (`0.0000005`). The
 * digits are the number's own shortest round-trip digits, moved by the exponent as text: no
 * arithmetic, so nothing is rounded on the way. A float is still the caller's precision: `0.1 + 0.2`
 * goes out as `0.30000000000000004`, which is what it is; pass money as strings to send it exactly.
 */

const EXPONENT_FORM = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/;

/** A finite number's JSON literal, in plain decimal notation. */
export function plainNumber(value: number): string {
  const text = String(value);
  const parts = EXPONENT_FORM.exec(text);
  if (parts === null) return text;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = parts;
  const digits = whole + fraction;
  // where the decimal point falls in `digits` once the exponent has moved it
  const point = whole.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * `JSON.stringify(value)` for the plain values a request is made of (objects, arrays, strings,
 * numbers, booleans, null; `toJSON` honoured and given the member's key, `undefined` members left
 * out, an array's holes and `undefined` items written `null`, a cycle a TypeError), numbers written
 * by {@link plainNumber}.
 */
export function jsonText(value: unknown): string {
  return write(value, '', new Set()) ?? 'null';
}

/** `value` as JSON text, `key` its name in its holder; `within`: the objects being written around it. */
function write(value: unknown, key: string, within: Set<object>): string | undefined {
  if (typeof value === 'object' && value !== null) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = (toJSON as (key: string) => unknown).call(value, key);
  }
  if (typeof value === 'number') return Number.isFinite(value) ? plainNumber(value) : 'null';
  if (value instanceof Number) return write(value.valueOf(), key, within);
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (value instanceof String || value instanceof Boolean) return JSON.stringify(value);
  // JSON.stringify's error for a structure that contains itself: recursing on would overflow the stack
  if (within.has(value)) throw new TypeError('Converting circular structure to JSON');
  within.add(value);
  try {
    if (Array.isArray(value)) {
      // Array.from reads a hole as undefined, where map would skip it and leave `[1,,3]`
      const items = Array.from(value as unknown[], (item, index) => write(item, String(index), within) ?? 'null');
      return `[${items.join(',')}]`;
    }
    const members: string[] = [];
    for (const [name, member] of Object.entries(value)) {
      const text = write(member, name, within);
      if (text !== undefined) members.push(`${JSON.stringify(name)}:${text}`);
    }
    return `{${members.join(',')}}`;
  } finally {
    within.delete(value);
  }
}
