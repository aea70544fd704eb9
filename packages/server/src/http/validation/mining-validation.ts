import { MINING_FIELD_MESSAGES as M } from '@txc/sdk';
import { integerValue } from './integer-value.js';
import { MainValidation } from './main-validation.js';

export const DEFAULT_PAGE_LIMIT = 30;
export const MAX_PAGE_LIMIT = 100;
export const MAX_PAGE_OFFSET = 10_000;

export interface Page {
  readonly limit: number;
  readonly offset: number;
}

/**
 * Request validation of the mining endpoints (code 0, HTTP 400). Standard rules answer in the
 * main-account family's Laravel words ("The name field is required."); where the reference shows
 * the deployed service answering translation keys (payout address, pagination), those keys are
 * answered verbatim. The first failing rule of a field is reported.
 */
export class MiningValidation extends MainValidation {
  constructor(private readonly fields: Readonly<Record<string, unknown>>) {
    super(fields);
  }

  requiredString(field: string, label: string, maxLength = Number.POSITIVE_INFINITY): string | undefined {
    if (this.isMissing(field)) {
      this.add(field, `The ${label} field is required.`);
      return undefined;
    }
    return this.boundedString(field, label, maxLength);
  }

  /** An optional string of at most `maxLength` characters (null and "" count as absent). */
  boundedString(field: string, label: string, maxLength: number): string | undefined {
    if (this.isMissing(field)) return undefined;
    const v = this.optionalString(field, label);
    if (v !== undefined && v.length > maxLength) {
      this.add(field, `The ${label} may not be greater than ${maxLength} characters.`);
      return undefined;
    }
    return v;
  }

  requiredChoice<T extends string>(field: string, label: string, choices: readonly T[]): T | undefined {
    const v = this.requiredString(field, label);
    if (v === undefined) return undefined;
    if (!(choices as readonly string[]).includes(v)) {
      this.add(field, `The selected ${label} is invalid.`);
      return undefined;
    }
    return v as T;
  }

  /** An optional integer, as a JSON number or digit text; `validation.integer` otherwise. */
  optionalInteger(field: string): number | undefined {
    if (this.isMissing(field)) return undefined;
    const n = integerValue(this.fields[field]);
    if (n === undefined) {
      this.add(field, M.integer);
      return undefined;
    }
    return n;
  }

  /** `limit` 1–100 (default 30) and `offset` 0–10000 (default 0), with the reference's keys. */
  page(): Page {
    let limit = this.optionalInteger('limit') ?? DEFAULT_PAGE_LIMIT;
    if (limit < 1) this.add('limit', M.limitMin);
    else if (limit > MAX_PAGE_LIMIT) this.add('limit', M.limitMax);
    let offset = this.optionalInteger('offset') ?? 0;
    if (offset < 0) this.add('offset', M.offsetMin);
    else if (offset > MAX_PAGE_OFFSET) this.add('offset', M.offsetMax);
    if (this.failed) limit = offset = 0;
    return { limit, offset };
  }
}
