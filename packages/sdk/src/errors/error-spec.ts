/** The shape of one catalogue entry (catalogue.ts), and the helpers that write one per family. */
export type ErrorFamily = 'public' | 'private' | 'admin';

export interface ErrorSpec {
  readonly http: number;
  readonly family: ErrorFamily;
  /** Private family only. */
  readonly code?: number;
  /** May hold {placeholders} filled from params. */
  readonly message: string;
  /** Private family: the field the message is filed under in "errors", and its message template. */
  readonly field?: string;
  readonly fieldMessage?: string;
}

export function privateError(http: number, code: number, message: string, extra: Partial<ErrorSpec> = {}): ErrorSpec {
  return { http, family: 'private', code, message, ...extra };
}

export function publicError(http: number, message: string): ErrorSpec {
  return { http, family: 'public', message };
}

export function adminError(http: number, message: string): ErrorSpec {
  return { http, family: 'admin', message };
}
