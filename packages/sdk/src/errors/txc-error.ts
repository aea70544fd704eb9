import { ERRORS, type ErrorFamily, type ErrorName, type ErrorSpec, type FieldErrors } from './catalogue.js';

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
  /** The catalogue entry this answer matches, when it matches one. */
  readonly kind: ErrorName | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const parsed = TxcError.parse(body);
    super(`HTTP ${status}: ${parsed.message}`);
    this.status = status;
    this.family = parsed.family;
    this.code = parsed.code;
    this.apiMessage = parsed.message;
    this.errors = parsed.errors;
    this.body = body;
    this.kind = TxcError.identify(status, parsed.family, parsed.code, parsed.message, parsed.errors);
  }

  /**
   * Whether `e` is an error answer of the API, and, given a catalogue name, that one:
   * `if (TxcError.is(e, 'notEnoughBalance')) …`.
   */
  static is(e: unknown, kind?: ErrorName): e is TxcError {
    return e instanceof TxcError && (kind === undefined || e.kind === kind);
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
   * The catalogue entry an answer matches. Many answers share a code and message ("Validation
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
  ): ErrorName | undefined {
    const entries = Object.entries(ERRORS) as [ErrorName, ErrorSpec][];
    const matches = (spec: ErrorSpec): boolean =>
      spec.http === status &&
      spec.family === family &&
      (spec.code === undefined || spec.code === code) &&
      (spec.message.includes('{') ? TxcError.templatePattern(spec.message).test(message) : spec.message === message);
    for (const [name, spec] of entries) {
      const { field, fieldMessage } = spec;
      if (field === undefined || fieldMessage === undefined || !matches(spec)) continue;
      const pattern = TxcError.templatePattern(fieldMessage);
      if ((errors[field] ?? []).some((m) => pattern.test(m))) return name;
    }
    return entries.find(([, spec]) => spec.field === undefined && matches(spec))?.[0];
  }

  private static templatePattern(template: string): RegExp {
    const parts = template.split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return new RegExp(`^${parts.join('.+')}$`);
  }
}
