import { pow10, type State } from '@txc/core';
import type { FieldErrors } from '@txc/sdk';
import { integerValue } from './integer-value.js';
import { MainValidation } from './main-validation.js';
import { transferAmount } from './transfer-amount.js';
import { optionalString, requiredString } from './wallet-fields.js';

/** The most a code may hold, in whole units (the documentation caps it at 10^17). */
const MAX_AMOUNT = 10n ** 17n;
const MAX_PASSPHRASE = 25;
const MAX_DESCRIPTION = 280;
/** Latin letters, digits and symbols: printable ASCII without whitespace. */
const PASSPHRASE = /^[!-~]+$/;

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

function done<T>(v: MainValidation, value: T): Parsed<T> {
  return v.failed ? { ok: false, errors: v.errors } : { ok: true, value };
}

function passphrase(v: MainValidation, body: Readonly<Record<string, unknown>>): string | undefined {
  const text = optionalString(v, body, 'passphrase', { maxLength: MAX_PASSPHRASE });
  if (text !== undefined && !PASSPHRASE.test(text)) v.add('passphrase', 'The passphrase format is invalid.');
  return text;
}

/** An amount in the asset's minor units, as a transfer's is checked, and at most MAX_AMOUNT whole units. */
function amount(v: MainValidation, raw: unknown, precision: number | undefined): bigint | undefined {
  const units = transferAmount(v, raw, precision);
  if (units === undefined || precision === undefined) return undefined;
  if (units <= MAX_AMOUNT * pow10(precision)) return units;
  v.add('amount', `The amount may not be greater than ${MAX_AMOUNT}.`);
  return undefined;
}

export interface CodeCreation {
  readonly ticker: string;
  readonly amount: bigint;
  readonly passphrase: string | undefined;
  readonly description: string | null;
}

/** `main-account/codes`: every field's problems at once, in the main-account family's words. */
export function parseCodeCreation(raw: unknown, state: State): Parsed<CodeCreation> {
  const body = raw as Record<string, unknown>;
  const v = new MainValidation(body);
  const ticker = requiredString(v, body, 'ticker');
  const precision = ticker === undefined ? undefined : state.assets.get(ticker)?.precision;
  if (ticker !== undefined && precision === undefined) v.add('ticker', 'The selected ticker is invalid.');
  const units = amount(v, body.amount, precision);
  const phrase = passphrase(v, body);
  const description = optionalString(v, body, 'description', { maxLength: MAX_DESCRIPTION }) ?? null;
  return done(v, { ticker: ticker ?? '', amount: units ?? 0n, passphrase: phrase, description });
}

/** `main-account/codes/apply`: the code, and its passphrase when it has one. */
export function parseCodeApplication(raw: unknown): Parsed<{ code: string; passphrase: string | undefined }> {
  const body = raw as Record<string, unknown>;
  const v = new MainValidation(body);
  const code = requiredString(v, body, 'code');
  const phrase = optionalString(v, body, 'passphrase', { maxLength: MAX_PASSPHRASE });
  return done(v, { code: code ?? '', passphrase: phrase });
}

function bounded(v: MainValidation, raw: unknown, field: string, min: number, max: number, fallback: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const n = integerValue(raw);
  if (n === undefined) v.add(field, `The ${field} must be an integer.`);
  else if (n < min) v.add(field, `The ${field} must be at least ${min}.`);
  else if (n > max) v.add(field, `The ${field} may not be greater than ${max}.`);
  else return n;
  return fallback;
}

/** `codes/my` and `codes/history`: `limit` 1–100 (default 30), `offset` 0–10 000 (default 0). */
export function parseCodePage(raw: unknown): Parsed<{ limit: number; offset: number }> {
  const body = raw as Record<string, unknown>;
  const v = new MainValidation(body);
  const limit = bounded(v, body.limit, 'limit', 1, 100, 30);
  const offset = bounded(v, body.offset, 'offset', 0, 10_000, 0);
  return done(v, { limit, offset });
}
