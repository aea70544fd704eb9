import { ERRORS, type ErrorName, type ErrorSpec, type FieldErrors } from './catalogue.js';

/** A catalogue error as the API answers it: its HTTP status and JSON body. */
export interface RenderedError {
  readonly status: number;
  readonly body: unknown;
}

export function fillTemplate(template: string, params: Readonly<Record<string, string>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
}

/** The HTTP status and JSON body of an error, as the API answers it. */
export function renderError(
  name: ErrorName,
  options: { readonly params?: Readonly<Record<string, string>>; readonly errors?: FieldErrors } = {},
): RenderedError {
  const spec: ErrorSpec = ERRORS[name];
  const message = fillTemplate(spec.message, options.params);
  switch (spec.family) {
    case 'public':
      return { status: spec.http, body: { success: false, message, params: [] } };
    case 'admin':
      return { status: spec.http, body: { error: message } };
    case 'private': {
      const errors: FieldErrors = { ...options.errors };
      if (spec.field !== undefined && spec.fieldMessage !== undefined) {
        errors[spec.field] = [fillTemplate(spec.fieldMessage, options.params)];
      }
      return { status: spec.http, body: { code: spec.code, message, errors } };
    }
  }
}
