import { ERRORS, type ErrorFamily, type ErrorName, type ErrorSpec, type FieldErrors } from './catalogue.js';

/**
 * An answer's headers: the platform's `Headers`, any object that walks its headers as `Headers`
 * does (a polyfill's, another realm's, whose class `instanceof` does not know), or a plain record.
 */
export type HeadersLike =
  { forEach(callback: (value: string, name: string) => void): void } | Readonly<Record<string, string>>;

/** An error answer from txc (or any server of the API), as the SDK's client throws it. */
export class TxcError extends Error {
  override readonly name = 'TxcError';
  /** HTTP status. */
  readonly status: number;
  readonly family: ErrorFamily;
  /** The API's error code (private family). */
  readonly code: number | undefined;
  /** The API's message, exactly as answered. */
  readonly apiMessage: string;
  /** Field → messages (private family). */
  readonly errors: FieldErrors;
  /**
   * Every catalogue entry this answer matches, in catalogue order. Most answers match one; a few
   * entries are answered in the very same words, which only the request tells apart: a private 429
   * `Too many requests.` is `privateRateLimited`, `nonceTooLow` or `nonceWindowReused` alike.
   */
  readonly kinds: readonly ErrorName[];
  /**
   * The catalogue entry this answer matches, when it matches one: the first of `kinds`, so a
   * private 429 reads `privateRateLimited` (a rate limit or a refused nonce: see `ERRORS`).
   */
  readonly kind: ErrorName | undefined;
  readonly body: unknown;
  /** The answer's headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * How long the server asked to wait before trying again (its `Retry-After`, in seconds or as a
   * date), in ms; undefined when it did not say. txc sends it with a 503 only, from a standby node
   * or a cluster gateway that has no primary to forward to; its 429s carry none.
   */
  readonly retryAfterMs: number | undefined;

  constructor(status: number, body: unknown, headers: HeadersLike = {}) {
    const parsed = TxcError.parse(body);
    super(`HTTP ${status}: ${parsed.message}`);
    this.status = status;
    this.family = parsed.family;
    this.code = parsed.code;
    this.apiMessage = parsed.message;
    this.errors = parsed.errors;
    this.body = body;
    this.kinds = TxcError.identify(status, parsed.family, parsed.code, parsed.message, parsed.errors);
    this.kind = this.kinds[0];
    this.headers = TxcError.lowerCased(headers);
    this.retryAfterMs = TxcError.retryAfter(this.headers['retry-after']);
  }

  /**
   * Whether `e` is an error answer of the API, and, given a catalogue name, one that entry's words
   * describe: `if (TxcError.is(e, 'notEnoughBalance')) …`. Entries answered alike match alike (see
   * `kinds`): `TxcError.is(e, 'nonceTooLow')` holds for every private 429 `Too many requests.`.
   */
  static is(e: unknown, kind?: ErrorName): e is TxcError {
    return e instanceof TxcError && (kind === undefined || e.kinds.includes(kind));
  }

  private static lowerCased(headers: HeadersLike): Record<string, string> {
    const lowered: Record<string, string> = {};
    const walk = (headers as { forEach?: unknown }).forEach;
    if (typeof walk === 'function') {
      (walk as (callback: (value: string, name: string) => void) => void).call(headers, (value, name) => {
        lowered[String(name).toLowerCase()] = String(value);
      });
      return lowered;
    }
    for (const [name, value] of Object.entries(headers)) lowered[name.toLowerCase()] = String(value);
    return lowered;
  }

  /**
   * `Retry-After` (RFC 9110 §10.2.3): whole seconds, or an HTTP date. Numeric text is never a date
   * (Date.parse reads `1.5` as one, long past): seconds with a fraction are read as seconds, a
   * negative number as not said.
   */
  private static retryAfter(value: string | undefined): number | undefined {
    if (value === undefined) return undefined;
    const text = value.trim();
    if (/^[-+]?[\d.]+$/.test(text)) {
      const seconds = Number(text);
      return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : undefined;
    }
    const at = Date.parse(text);
    return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
  }

  private static parse(body: unknown): { family: ErrorFamily; code?: number; message: string; errors: FieldErrors } {
    if (typeof body === 'object' && body !== null) {
      const b = body as Record<string, unknown>;
      if (typeof b.code === 'number') {
        const errors =
          typeof b.errors === 'object' && b.errors !== null && !Array.isArray(b.errors)
            ? (b.errors as FieldErrors)
            : {};
        return { family: 'private', code: b.code, message: String(b.message), errors };
      }
      if (b.success === false) return { family: 'public', message: String(b.message), errors: {} };
      if (typeof b.error === 'string') return { family: 'admin', message: b.error, errors: {} };
    }
    return { family: 'public', message: typeof body === 'string' ? body : JSON.stringify(body), errors: {} };
  }

  /**
   * The catalogue entries an answer matches. Many answers share a code and message ("Validation
   * failed", "Inner validation failed"): entries that file a message under a field are tried first,
   * and match only when that field carries their message. A templated message matches any filling of
   * its template, and nothing else: several answers of one code differ only in their message.
   */
  private static identify(
    status: number,
    family: ErrorFamily,
    code: number | undefined,
    message: string,
    errors: FieldErrors,
  ): ErrorName[] {
    const entries = Object.entries(ERRORS) as [ErrorName, ErrorSpec][];
    const matches = (spec: ErrorSpec): boolean =>
      spec.http === status &&
      spec.family === family &&
      (spec.code === undefined || spec.code === code) &&
      (spec.message.includes('{') ? TxcError.templatePattern(spec.message).test(message) : spec.message === message);
    const byField = entries.filter(([, spec]) => {
      const { field, fieldMessage } = spec;
      if (field === undefined || fieldMessage === undefined || !matches(spec)) return false;
      const pattern = TxcError.templatePattern(fieldMessage);
      return (errors[field] ?? []).some((m) => pattern.test(m));
    });
    const found =
      byField.length > 0 ? byField : entries.filter(([, spec]) => spec.field === undefined && matches(spec));
    return found.map(([name]) => name);
  }

  private static templatePattern(template: string): RegExp {
    const parts = template.split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${parts.join('.+')}$`);
  }
}
