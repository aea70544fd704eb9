const USER_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * Names a user may not take although they are made of allowed characters: the properties every
 * JavaScript object inherits (`__proto__`, `constructor`, `toString`…), which code keying anything
 * by user name would trip over, `prototype`, and names of dots alone, which a URL path resolves
 * away (`/admin/v1/users/..`).
 */
const RESERVED = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/** Why a user name is refused, or undefined when it is a valid one. */
export function userNameProblem(name: string): string | undefined {
  if (!USER_NAME.test(name)) return 'name must be 1 to 64 letters, digits, dots, dashes or underscores.';
  if (RESERVED.has(name)) return `name ${name} is reserved: choose another.`;
  if (/^\.+$/.test(name)) return 'name must hold a letter, a digit, a dash or an underscore, not dots alone.';
  return undefined;
}
