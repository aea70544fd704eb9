/**
 * An integer field's value, read as the deployed service's Laravel `integer` rule reads it (PHP's
 * FILTER_VALIDATE_INT): a JSON integer, or its text with an optional sign and no leading zeros,
 * blanks around it trimmed as PHP trims them (`"5"`, `"-1"`, `"+5"`, `" 5"`; not `"05"`, `"5.0"`,
 * `"1e3"`). Clients send integer fields both ways. A value beyond the safe integers is not one:
 * every field that takes integers bounds them far below.
 */
export function integerValue(value: unknown): number | undefined {
  const n = typeof value === 'string' && INTEGER_TEXT.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : undefined;
}

const INTEGER_TEXT = /^[ \t\n\r\v]*[+-]?(0|[1-9][0-9]{0,15})[ \t\n\r\v]*$/;
