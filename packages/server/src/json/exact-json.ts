/**
 * JSON parsing for money: a JS number cannot hold every decimal, and JSON.parse would silently round
 * `0.1234567890123456789`, turn `1e-3` into 0.001, and `0.00000001` prints back as `1e-8`. Here an
 * integer literal a JS number holds exactly stays a number; every other number literal (a fraction,
 * an exponent, an unsafe integer) arrives as its own text, so that strict decimal validation sees
 * exactly what was sent and refuses what it must (exponents, excess precision). The API carries no
 * fractional value that must be a JS number. A whole number written with a zero fraction (`5.0`, as
 * Python's json writes a float) is the integer it equals, as the deployed service reads it. The same
 * pass enforces nesting depth, string length and unique keys, refuses the NUL character in strings,
 * and bounds the length of number literals.
 */
export interface JsonLimits {
  readonly maxDepth: number;
  readonly maxStringLength: number;
  /** Characters of one number literal (none when absent). */
  readonly maxNumberLength?: number | undefined;
}

export class JsonLimitError extends Error {
  override readonly name = 'JsonLimitError';
}

const JSON_NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
const INTEGER = /^-?(0|[1-9][0-9]*)$/;
const ZERO_FRACTION = /^(-?(?:0|[1-9][0-9]*))\.0+$/;

/**
 * What a number literal that is not a plain safe integer becomes: the text of the integer it equals
 * when it is a safe integer with a zero fraction, else its own text as a string (JSON).
 */
function replacement(literal: string): string {
  const whole = ZERO_FRACTION.exec(literal)?.[1];
  if (whole !== undefined && Number.isSafeInteger(Number(whole))) return whole;
  return `"${literal}"`;
}

function staysNumber(literal: string): boolean {
  return INTEGER.test(literal) && Number.isSafeInteger(Number(literal));
}

interface Frame {
  readonly object: boolean;
  readonly keys: Set<string> | undefined;
  expectKey: boolean;
}

/** Whether a JSON string literal (quotes included, valid escapes) decodes to well-formed Unicode. */
function wellFormed(literal: string): boolean {
  try {
    return (JSON.parse(literal) as string).isWellFormed();
  } catch {
    return true; // not a valid literal: JSON.parse of the whole text refuses it with its own message
  }
}

function isDigitStart(c: number): boolean {
  return c === 45 /* - */ || (c >= 48 && c <= 57);
}

function isNumberChar(c: number): boolean {
  return (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69;
}

export function parseExactJson(text: string, limits: JsonLimits): unknown {
  const stack: Frame[] = [];
  const replacements: [number, number][] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 123 /* { */ || c === 91 /* [ */) {
      if (stack.length >= limits.maxDepth)
        throw new JsonLimitError(`JSON nested deeper than ${limits.maxDepth} levels`);
      stack.push({ object: c === 123, keys: c === 123 ? new Set() : undefined, expectKey: c === 123 });
      i++;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
      i++;
    } else if (c === 44 /* , */) {
      const top = stack[stack.length - 1];
      if (top?.object === true) top.expectKey = true;
      i++;
    } else if (c === 34 /* " */) {
      let j = i + 1;
      let escaped = false;
      let unicodeEscape = false;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 92 /* \ */) {
          // No field carries it, and PostgreSQL cannot store it in text: a write holding one would fail its commit.
          if (text.startsWith('u0000', j + 1)) throw new JsonLimitError('JSON strings may not contain U+0000');
          if (text.charCodeAt(j + 1) === 117 /* u */) unicodeEscape = true;
          escaped = true;
          j += 2;
        } else if (d === 34) break;
        else j++;
      }
      if (j - i - 1 > limits.maxStringLength)
        throw new JsonLimitError(`JSON string longer than ${limits.maxStringLength} characters`);
      // Only an escape can spell half of a surrogate pair (UTF-8 cannot carry one): no text encoding
      // has it, stores would keep something else than was sent, and PostgreSQL's JSON refuses it.
      if (unicodeEscape && !wellFormed(text.slice(i, j + 1)))
        throw new JsonLimitError('JSON strings may not contain unpaired surrogates');
      const top = stack[stack.length - 1];
      if (top?.object === true && top.expectKey) {
        // Two parsers that keep different copies of a duplicated key could disagree on the request.
        // Without an escape, a key is its own text (what JSON.parse would refuse, it refuses below).
        const key = escaped ? (JSON.parse(text.slice(i, j + 1)) as string) : text.slice(i + 1, j);
        if (key === '__proto__') throw new JsonLimitError(`JSON key ${JSON.stringify(key)} not allowed`);
        if (top.keys?.has(key) === true) throw new JsonLimitError(`JSON key ${JSON.stringify(key)} given twice`);
        top.keys?.add(key);
        top.expectKey = false;
      }
      i = j + 1;
    } else if (isDigitStart(c)) {
      let j = i + 1;
      let digitsOnly = c !== 45;
      for (let d = text.charCodeAt(j); j < n && isNumberChar(d); d = text.charCodeAt(++j)) {
        if (d < 48 || d > 57) digitsOnly = false;
      }
      // A thousand-digit literal is no amount; refusing it here spares every later stage the work.
      if (limits.maxNumberLength !== undefined && j - i > limits.maxNumberLength)
        throw new JsonLimitError(`JSON number longer than ${limits.maxNumberLength} characters`);
      // Up to 15 digits, an integer is safe whatever its digits (a nonce, say): nothing to check.
      if (!(digitsOnly && j - i <= 15)) {
        const literal = text.slice(i, j);
        // What is not a JSON number at all is left for JSON.parse to refuse.
        if (JSON_NUMBER.test(literal) && !staysNumber(literal)) replacements.push([i, j]);
      }
      i = j;
    } else {
      i++;
    }
  }
  if (replacements.length === 0) return JSON.parse(text);
  let rewritten = '';
  let from = 0;
  for (const [start, end] of replacements) {
    rewritten += `${text.slice(from, start)}${replacement(text.slice(start, end))}`;
    from = end;
  }
  return JSON.parse(rewritten + text.slice(from));
}
