import type { MainValidation } from './main-validation.js';

/** Laravel's attribute names: `uniqueId` reads "unique id", `partialEnable` "partial enable". */
export function attributeName(field: string): string {
  return field
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** A required non-empty string field, in the main-account family's words. */
export function requiredString(
  v: MainValidation,
  body: Readonly<Record<string, unknown>>,
  field: string,
  options: { maxLength?: number } = {},
): string | undefined {
  const value = body[field];
  const label = attributeName(field);
  if (value === undefined || value === null || value === '') {
    v.add(field, `The ${label} field is required.`);
    return undefined;
  }
  if (typeof value !== 'string') {
    v.add(field, `The ${label} must be a string.`);
    return undefined;
  }
  if (options.maxLength !== undefined && value.length > options.maxLength) {
    v.add(field, `The ${label} may not be greater than ${options.maxLength} characters.`);
    return undefined;
  }
  return value;
}

/** An optional string field; null, "" and absent are the same, as Laravel reads them (docs/decisions.md). */
export function optionalString(
  v: MainValidation,
  body: Readonly<Record<string, unknown>>,
  field: string,
  options: { maxLength?: number } = {},
): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  return requiredString(v, body, field, options);
}

/** What Laravel's `boolean` rule takes, and the value it stands for. */
const LARAVEL_BOOLEANS = new Map<unknown, boolean>([
  [true, true],
  [false, false],
  [1, true],
  [0, false],
  ['1', true],
  ['0', false],
]);

/** An optional boolean field, as Laravel's `boolean` rule reads it ("must be true or false"). */
export function optionalBoolean(
  v: MainValidation,
  body: Readonly<Record<string, unknown>>,
  field: string,
): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  const read = LARAVEL_BOOLEANS.get(value);
  if (read === undefined) v.add(field, `The ${attributeName(field)} field must be true or false.`);
  return read;
}
