/**
 * A lossless, canonical JSON form for engine values: commands in the journal, state in snapshots.
 * bigint, Map and Set, which JSON cannot carry, become tagged objects; Map and Set entries are
 * sorted so that equal states encode to equal text, whatever order they were built in.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

function compareKeys(a: unknown, b: unknown): number {
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function toJsonValue(value: unknown): JsonValue {
  switch (typeof value) {
    case 'bigint':
      return { $big: value.toString() };
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('non-finite number in engine value');
      return value;
    case 'undefined':
      return null;
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) return value.map(toJsonValue);
      if (value instanceof Map) {
        const entries = [...(value as Map<unknown, unknown>).entries()].sort((a, b) => compareKeys(a[0], b[0]));
        return { $map: entries.map(([k, v]) => [toJsonValue(k), toJsonValue(v)]) };
      }
      if (value instanceof Set) {
        return { $set: [...(value as Set<unknown>)].sort(compareKeys).map(toJsonValue) };
      }
      const out: { [key: string]: JsonValue } = {};
      for (const [k, v] of Object.entries(value)) {
        if (v !== undefined) out[k] = toJsonValue(v);
      }
      return out;
    }
    case 'function':
    case 'symbol':
      throw new TypeError(`cannot encode a ${typeof value} in an engine value`);
  }
}

export function fromJsonValue(value: JsonValue): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(fromJsonValue);
  const keys = Object.keys(value);
  if (keys.length === 1) {
    const tag = keys[0];
    if (tag === '$big') return BigInt(value.$big as string);
    if (tag === '$map') {
      return new Map(
        (value.$map as JsonValue[][]).map(([k, v]) => [fromJsonValue(k as JsonValue), fromJsonValue(v as JsonValue)]),
      );
    }
    if (tag === '$set') return new Set((value.$set as JsonValue[]).map(fromJsonValue));
  }
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = fromJsonValue(value[k] as JsonValue);
  return out;
}

/**
 * JSON.stringify calls this on every value before serializing it, so tagged forms are made where
 * they are needed: the text is `JSON.stringify(toJsonValue(value))`, without building that copy of
 * the whole value first.
 */
function encodingReplacer(_key: string, value: unknown): unknown {
  switch (typeof value) {
    case 'bigint':
      return { $big: value.toString() };
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('non-finite number in engine value');
      return value;
    case 'object':
      if (value instanceof Map) {
        return { $map: [...(value as Map<unknown, unknown>).entries()].sort((a, b) => compareKeys(a[0], b[0])) };
      }
      if (value instanceof Set) return { $set: [...(value as Set<unknown>)].sort(compareKeys) };
      return value;
    case 'function':
    case 'symbol':
      throw new TypeError(`cannot encode a ${typeof value} in an engine value`);
    default:
      return value;
  }
}

export function encodeJson(value: unknown): string {
  return JSON.stringify(value, encodingReplacer) ?? 'null';
}

/**
 * The engine value of a text `encodeJson` made. The parsed value is the decoder's own, so its tagged
 * forms are replaced where they sit rather than the whole value copied as `fromJsonValue` does: a
 * journal replay decodes every command.
 */
export function decodeJson(text: string): unknown {
  return revive(JSON.parse(text) as JsonValue);
}

/** `fromJsonValue` for a value nothing else holds: objects and arrays are kept and changed in place. */
function revive(value: JsonValue): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = value[i] as JsonValue;
      if (item !== null && typeof item === 'object') value[i] = revive(item) as JsonValue;
    }
    return value;
  }
  let keys = 0;
  let tag = '';
  for (const key in value) {
    if (keys++ === 0) tag = key;
    const item = value[key] as JsonValue;
    // a child object or array stays the same object: only a tagged one is replaced by its value
    if (item !== null && typeof item === 'object') {
      const revived = revive(item);
      if (revived !== item) value[key] = revived as JsonValue;
    }
  }
  if (keys !== 1) return value;
  // the tag's contents are revived already: pairs of a Map, members of a Set
  if (tag === '$big') return BigInt(value.$big as string);
  if (tag === '$map') return new Map(value.$map as [unknown, unknown][]);
  if (tag === '$set') return new Set(value.$set as unknown[]);
  return value;
}
