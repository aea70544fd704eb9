import { FieldValidation } from './field-validation.js';

/** Request validation in the main-account family's words (Laravel-style messages, code 0). */
export class MainValidation extends FieldValidation {
  /** Absent, null and "" are missing, as Laravel sees them. */
  isMissing(field: string): boolean {
    const v = this.body[field];
    return v === undefined || v === null || v === '';
  }

  /** An optional string field; null and "" count as absent, as Laravel reads them (docs/decisions.md). */
  optionalString(field: string, label: string = field): string | undefined {
    if (this.isMissing(field)) return undefined;
    const v = this.body[field];
    if (typeof v !== 'string') {
      this.add(field, `The ${label} must be a string.`);
      return undefined;
    }
    return v;
  }
}
