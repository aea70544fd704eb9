import type { MainValidation } from './main-validation.js';
import { attributeName } from './wallet-fields.js';

/**
 * Validation of one nested object of a request (`beneficiary`, `travelRule`): field errors are filed
 * under dotted keys (`beneficiary.firstName`) and worded with Laravel's display names of them
 * (`The beneficiary.first name field is required.`), as Laravel names nested attributes.
 */
export class NestedFields {
  constructor(
    private readonly v: MainValidation,
    readonly path: string,
    readonly value: Readonly<Record<string, unknown>>,
  ) {}

  /** The object at `field` of `parent`, or undefined after filing why it is not one. */
  static object(v: MainValidation, path: string, value: unknown): NestedFields | undefined {
    if (value === undefined || value === null) {
      v.add(path, `The ${attributeName(path)} field is required.`);
      return undefined;
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      v.add(path, `The ${attributeName(path)} must be an object.`);
      return undefined;
    }
    return new NestedFields(v, path, value as Record<string, unknown>);
  }

  key(field: string): string {
    return `${this.path}.${field}`;
  }

  /** How a message names the field: its display name (`travel rule.wallet type`). */
  label(field: string): string {
    return attributeName(this.key(field));
  }

  add(field: string, message: string): void {
    this.v.add(this.key(field), message);
  }

  has(field: string): boolean {
    const x = this.value[field];
    return x !== undefined && x !== null && x !== '';
  }

  string(
    field: string,
    options: { required?: boolean; maxLength?: number; pattern?: RegExp; patternMessage?: string } = {},
  ): string | undefined {
    const x = this.value[field];
    if (x === undefined || x === null || x === '') {
      if (options.required !== false) this.add(field, `The ${this.label(field)} field is required.`);
      return undefined;
    }
    if (typeof x !== 'string') {
      this.add(field, `The ${this.label(field)} must be a string.`);
      return undefined;
    }
    if (options.maxLength !== undefined && x.length > options.maxLength) {
      this.add(field, `The ${this.label(field)} may not be greater than ${options.maxLength} characters.`);
      return undefined;
    }
    if (options.pattern !== undefined && !options.pattern.test(x)) {
      this.add(field, options.patternMessage ?? `The ${this.label(field)} format is invalid.`);
      return undefined;
    }
    return x;
  }

  oneOf(field: string, allowed: readonly string[]): string | undefined {
    const x = this.string(field);
    if (x !== undefined && !allowed.includes(x)) {
      this.add(field, `The selected ${this.label(field)} is invalid.`);
      return undefined;
    }
    return x;
  }

  child(field: string): NestedFields | undefined {
    return NestedFields.object(this.v, this.key(field), this.value[field]);
  }
}
