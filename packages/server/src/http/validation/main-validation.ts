import { FieldValidation } from './field-validation.js';

/** Request validation in the main-account family's words (Laravel-style messages, code 0). */
export class MainValidation extends FieldValidation {
  /** An optional string field; null and "" count as absent, as Laravel reads them (docs/decisions.md). */
  optionalString(field: string, label: string = field): string | undefined {
    const v = this.body[field];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string') {
      this.add(field, `The ${label} must be a string.`);
      return undefined;
    }
    return v;
  }
}
