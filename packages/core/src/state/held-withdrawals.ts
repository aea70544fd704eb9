import type { WithdrawalRequest } from './withdrawal.js';

/**
 * How long a sub-account's withdrawal waits for its main account before it expires, in
 * microseconds. The exchange docs speak of "a retention period" without a figure; txc keeps one day.
 */
export const HELD_WITHDRAWAL_RETENTION = 24 * 60 * 60 * 1_000_000;

/**
 * A sub-account's withdrawal held for its main account's confirmation (the exchange docs' status
 * `unconfirmed_by_main_account`). Nothing has moved: the request was checked when it was made and is
 * checked again, and only then debited, when the main account confirms it. Its unique id stays the
 * sub-account's whatever becomes of it.
 */
export interface HeldWithdrawal extends WithdrawalRequest {
  /** The main account whose confirmation it waits for (`user` is the sub-account that asked for it). */
  readonly parent: string;
  /** From this time on (microseconds) it can no longer be confirmed, and expires. */
  readonly expiresAt: number;
}

/** The held withdrawals, by transaction id. */
export type HeldWithdrawals = Map<string, HeldWithdrawal>;

/** The held withdrawals expired at `time` (microseconds), earliest first. */
export function dueHeldWithdrawals(held: HeldWithdrawals, time: number): HeldWithdrawal[] {
  return [...held.values()].filter((w) => w.expiresAt <= time).sort((a, b) => a.expiresAt - b.expiresAt);
}

/** The withdrawals held for `parent`, newest first (ties by transaction id, so the order is total). */
export function heldWithdrawalsOf(held: HeldWithdrawals, parent: string): HeldWithdrawal[] {
  return [...held.values()]
    .filter((w) => w.parent === parent)
    .sort((a, b) => b.createdAt - a.createdAt || (a.transactionId < b.transactionId ? 1 : -1));
}
