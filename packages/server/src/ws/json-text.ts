/**
 * A value written into JSON as its own text: a number JSON.stringify cannot spell exactly, such as a
 * time in seconds with six decimals (a double prints 1717000512.120339 as 1717000512.1203392) or an
 * id beyond 2^53.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/**
 * JSON text of a value that may hold RawJson anywhere inside: JSON.stringify for everything else.
 * Objects keep their key order; undefined members are left out as JSON.stringify leaves them.
 */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      const item: unknown = value[i];
      out += item === undefined ? 'null' : jsonText(item);
    }
    return `${out}]`;
  }
  if (typeof value === 'object' && value !== null && !isPlainLeaf(value)) {
    let out = '{';
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      out += `${first ? '' : ','}${JSON.stringify(key)}:${jsonText(item)}`;
      first = false;
    }
    return `${out}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Objects JSON.stringify writes by their own rules (dates, objects with toJSON). */
function isPlainLeaf(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}
