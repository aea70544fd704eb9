import { isIP } from 'node:net';
import type { EndpointSetting } from '../../../../../../store/port.js';
import { PRIVATE_ENDPOINTS } from '../../../../../../venue/keys/endpoint-access.js';
import type { MainValidation } from '../../../../../validation/main-validation.js';
import { integerValue } from '../../../../../validation/integer-value.js';

/** Longest title a sub-account key may have, as a sub-account's alias. */
export const SUB_ACCOUNT_KEY_TITLE_MAX = 64;

/** A required string field, in Laravel's words. */
export function requiredString(v: MainValidation, field: string): string | undefined {
  if (!v.has(field)) {
    v.add(field, `The ${field} field is required.`);
    return undefined;
  }
  return v.optionalString(field);
}

/** `title`: required, at most SUB_ACCOUNT_KEY_TITLE_MAX characters. */
export function titleField(v: MainValidation): string | undefined {
  const title = requiredString(v, 'title');
  if (title !== undefined && title.length > SUB_ACCOUNT_KEY_TITLE_MAX) {
    v.add('title', `The title may not be greater than ${SUB_ACCOUNT_KEY_TITLE_MAX} characters.`);
    return undefined;
  }
  return title;
}

/** `type`: required, 1 or 2, as a number or its text. */
export function typeField(v: MainValidation): 1 | 2 | undefined {
  if (!v.has('type')) {
    v.add('type', 'The type field is required.');
    return undefined;
  }
  const type = integerValue(v.body.type);
  if (type === 1 || type === 2) return type;
  v.add('type', 'The selected type is invalid.');
  return undefined;
}

/** `ip`: required, one IPv4 or IPv6 address (the docs' `Invalid IP address.`; no ranges). */
export function ipField(v: MainValidation): string | undefined {
  const ip = requiredString(v, 'ip');
  if (ip !== undefined && isIP(ip) === 0) {
    v.add('ip', 'Invalid IP address.');
    return undefined;
  }
  return ip;
}

function setting(v: MainValidation, item: unknown, at: string, seen: Set<string>): EndpointSetting | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    v.add(at, `The ${at} must be an object.`);
    return undefined;
  }
  const { url, enable } = item as Record<string, unknown>;
  if (url === undefined || url === null || url === '') v.add(`${at}.url`, `The ${at}.url field is required.`);
  else if (typeof url !== 'string' || !PRIVATE_ENDPOINTS.has(url))
    v.add(`${at}.url`, `The selected ${at}.url is invalid.`);
  else if (seen.has(url)) v.add(`${at}.url`, `The ${at}.url field has a duplicate value.`);
  if (enable === undefined || enable === null) v.add(`${at}.enable`, `The ${at}.enable field is required.`);
  else if (typeof enable !== 'boolean') v.add(`${at}.enable`, `The ${at}.enable field must be true or false.`);
  if (typeof url !== 'string' || typeof enable !== 'boolean' || !PRIVATE_ENDPOINTS.has(url) || seen.has(url)) {
    return undefined;
  }
  seen.add(url);
  return { url, enable };
}

/**
 * `urls`: required, an array (empty clears every setting) of `{url, enable}`, each url a private
 * endpoint of the API, named once.
 */
export function urlsField(v: MainValidation): EndpointSetting[] | undefined {
  const urls = v.body.urls;
  if (urls === undefined || urls === null) {
    v.add('urls', 'The urls field is required.');
    return undefined;
  }
  if (!Array.isArray(urls)) {
    v.add('urls', 'The urls must be an array.');
    return undefined;
  }
  const seen = new Set<string>();
  const settings = urls.map((item, i) => setting(v, item, `urls.${i}`, seen));
  return settings.every((s) => s !== undefined) ? settings : undefined;
}
