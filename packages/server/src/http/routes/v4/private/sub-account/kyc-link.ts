import { createHmac } from 'node:crypto';
import type { Config } from '../../../../../config/schema.js';

/** A verification link and how many seconds it lasts, as `sub-account/kyc-url` answers them. */
export interface KycLink {
  readonly url: string;
  readonly expiresIn: number;
}

/**
 * The operator's `subAccounts.kycUrl` filled in for one sub-account at `nowMs`: `{id}`, `{userId}`,
 * `{expires}` (Unix seconds) and `{token}` (hex HMAC-SHA256 of `<id>.<expires>` under kycUrlSecret,
 * which lets the verification service check the link came from the venue and is still good).
 * Undefined when the operator configured no link: txc has no verification service of its own.
 */
export function kycLink(
  settings: Config['subAccounts'],
  sub: { readonly id: string; readonly userId: string },
  nowMs: number,
): KycLink | undefined {
  const template = settings.kycUrl;
  if (template === undefined) return undefined;
  const expiresIn = settings.kycUrlTtlSeconds;
  const expires = String(Math.floor(nowMs / 1000) + expiresIn);
  const token =
    settings.kycUrlSecret === undefined
      ? ''
      : createHmac('sha256', settings.kycUrlSecret).update(`${sub.id}.${expires}`).digest('hex');
  const values: Record<string, string> = { id: sub.id, userId: sub.userId, expires, token };
  const url = template.replace(/\{(id|userId|expires|token)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
  return { url, expiresIn };
}
