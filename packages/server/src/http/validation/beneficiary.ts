import type { MainValidation } from './main-validation.js';
import { NestedFields } from './nested-fields.js';

const LATIN_NAME = /^[A-Za-z]+(?:[ '-][A-Za-z]+)*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9]{7,15}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD, strictly before `today` (also YYYY-MM-DD). */
function isPastDate(text: string, today: string): boolean {
  const m = DATE.exec(text);
  if (m === null) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return real && y >= 1900 && text < today;
}

/**
 * Reference §7.4 `beneficiary`: `firstName` and `lastName` required, Latin letters (with single
 * spaces, hyphens or apostrophes between them), at most 40 characters; `email`, `phone` and
 * `birthDate` (YYYY-MM-DD, a past date) checked when given.
 */
export function validateBeneficiary(v: MainValidation, value: unknown, today: string): void {
  const b = NestedFields.object(v, 'beneficiary', value);
  if (b === undefined) return;
  for (const field of ['firstName', 'lastName']) {
    b.string(field, {
      maxLength: 40,
      pattern: LATIN_NAME,
      patternMessage: `The ${b.label(field)} must contain Latin letters only.`,
    });
  }
  b.string('email', {
    required: false,
    maxLength: 255,
    pattern: EMAIL,
    patternMessage: `The ${b.label('email')} must be a valid email address.`,
  });
  b.string('phone', { required: false, pattern: PHONE });
  const birthDate = b.string('birthDate', {
    required: false,
    pattern: DATE,
    patternMessage: `The ${b.label('birthDate')} does not match the format Y-m-d.`,
  });
  if (birthDate !== undefined && !isPastDate(birthDate, today)) {
    b.add('birthDate', `The ${b.label('birthDate')} must be a valid date before today.`);
  }
}
