import { formatUnits, parseUnits, pow10 } from '@txc/core';
import type { ErrorName } from '@txc/sdk';

/** A refusal of the admin API: the catalogue entry (HTTP status) and what went wrong. */
export class AdminError extends Error {
  override readonly name = 'AdminError';
  constructor(
    readonly error: Extract<ErrorName, 'adminBadRequest' | 'adminNotFound' | 'adminConflict'>,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/**
 * Admin request bodies: a JSON object of the route's `fields`, checked field by field, each problem
 * a 400 naming the field. A field the route does not take is refused: a misspelt optional field
 * (`netwrok`) would otherwise be silently left out of a deposit or a key.
 */
export function record(input: unknown, fields: readonly string[]): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new AdminError('adminBadRequest', 'The body must be a JSON object.');
  }
  const unknown = Object.keys(input).filter((k) => !fields.includes(k));
  if (unknown.length > 0) {
    const takes = fields.length === 0 ? 'no body' : fields.join(', ');
    throw new AdminError(
      'adminBadRequest',
      `Unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; this route takes ${takes}.`,
    );
  }
  return input as Record<string, unknown>;
}

/** The body of a route that takes none: nothing, or an empty object. */
export function noBody(input: unknown): void {
  if (input !== undefined && input !== null) record(input, []);
}

export function requiredString(body: Record<string, unknown>, field: string): string {
  const v = body[field];
  if (typeof v !== 'string' || v === '')
    throw new AdminError('adminBadRequest', `${field} must be a non-empty string.`);
  return v;
}

export function optionalString(body: Record<string, unknown>, field: string): string | null {
  const v = body[field];
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string' || v === '')
    throw new AdminError('adminBadRequest', `${field} must be a non-empty string.`);
  return v;
}

/** An optional list of strings (`permissions`, `ips`). */
export function stringList(body: Record<string, unknown>, field: string): string[] | undefined {
  const v = body[field];
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
    throw new AdminError('adminBadRequest', `${field} must be an array of strings.`);
  }
  return v as string[];
}

/** A positive amount given as a decimal string (or number) of at most `precision` places, in minor units. */
export function decimalAmount(raw: unknown, precision: number): bigint {
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    throw new AdminError('adminBadRequest', 'amount must be a decimal string.');
  }
  const amount = parseUnits(String(raw), precision);
  if (amount === undefined) {
    throw new AdminError('adminBadRequest', `amount must be a plain decimal with at most ${precision} decimal places.`);
  }
  if (amount <= 0n) throw new AdminError('adminBadRequest', 'amount must be greater than 0.');
  return withinAdminBound(amount, precision, 'amount');
}

/**
 * At most 10^18 whole units in one admin operation. Far beyond any real amount, and it keeps every
 * balance that such amounts can add up to inside what the stores keep (PostgreSQL's numeric(78, 0)),
 * so that a typo of many digits is refused here instead of failing the group commit it would join.
 */
export const MAX_ADMIN_WHOLE_UNITS = 10n ** 18n;

export function withinAdminBound(units: bigint, precision: number, field: string): bigint {
  const max = MAX_ADMIN_WHOLE_UNITS * pow10(precision);
  if (units > max) throw new AdminError('adminBadRequest', `${field} must be at most ${formatUnits(max, precision)}.`);
  return units;
}
