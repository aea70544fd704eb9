import { formatUnits, type State, type SubAccountTransfer, type SubAccountView } from '@txc/core';

/** `s***@example.com`: the docs show the address masked. */
function masked(email: string | null): string {
  if (email === null) return '';
  const at = email.indexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * A sub-account as the docs' `SubAccount` shows it. txc runs no identity checks, so every account
 * counts as verified (docs/decisions.md); `userId` is the sub-account's own user's number.
 */
export function subAccountBody(state: State, sub: SubAccountView): Record<string, unknown> {
  return {
    id: sub.id,
    alias: sub.alias,
    userId: String(state.users.get(sub.id)?.id ?? ''),
    email: masked(sub.email),
    status: sub.status === 'blocked' ? 'blocked' : 'active',
    color: sub.color,
    kyc: { shareKyc: sub.shareKyc, kycStatus: 'verified' },
    permissions: { spotEnabled: sub.spotEnabled, collateralEnabled: sub.collateralEnabled },
  };
}

/** One transfer as the docs' `SubAccountTransfer` shows it (`id` repeats `transaction_id`). */
export function subAccountTransferBody(state: State, t: SubAccountTransfer): Record<string, unknown> {
  const precision = state.assets.get(t.ticker)?.precision ?? 0;
  return {
    transaction_id: t.transactionId,
    id: t.transactionId,
    direction: t.direction,
    currency: t.ticker,
    amount: formatUnits(t.amount, precision),
    createdAt: Math.floor(t.time / 1_000_000),
  };
}
