import type { FieldErrors } from '@txc/sdk';

/** Collects every field's problems of one request, so the answer lists them all at once. */
export class FieldValidation {
  readonly errors: FieldErrors = {};

  constructor(protected readonly body: Readonly<Record<string, unknown>>) {}

  get failed(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  /** Whether the body carries a value for `field`. */
  has(field: string): boolean {
    const v = this.body[field];
    return v !== undefined && v !== null && v !== '';
  }

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
}
