/**
 * `pay`: the receiver gets `amount` and the fee comes on top (withdraw-pay); `inclusive`: the fee
 * comes out of `amount` (withdraw).
 */
export type FeeMode = 'pay' | 'inclusive';

/**
 * What a withdrawal request holds once checked, whether it is paid out at once (PendingWithdrawal)
 * or waits for a main account (HeldWithdrawal).
 */
export interface WithdrawalRequest {
  readonly transactionId: string;
  readonly user: string;
  readonly uniqueId: string;
  readonly ticker: string;
  /** Network for crypto, provider for fiat, as resolved when it was requested. */
  readonly network: string;
  readonly address: string;
  readonly memo: string | null;
  /** As requested, in minor units. */
  readonly amount: bigint;
  readonly feeMode: FeeMode;
  /** The provider may pay out part of it (fiat with partialEnable). */
  readonly partialEnable: boolean;
  /** The venue's time of the request, microseconds since the Unix epoch. */
  readonly createdAt: number;
}

/** A withdrawal requested and not yet finished: its debit sits in ledger.pendingWithdrawals. */
export interface PendingWithdrawal extends WithdrawalRequest {
  readonly fee: bigint;
  /** What left the main balance: amount + fee (`pay`) or amount (`inclusive`). */
  readonly debit: bigint;
}

/** What the receiver gets of a withdrawal of `amount` with `fee`, per fee mode. */
export function receivedAmount(feeMode: FeeMode, amount: bigint, fee: bigint): bigint {
  return feeMode === 'pay' ? amount : amount - fee;
}

export function debitOf(feeMode: FeeMode, amount: bigint, fee: bigint): bigint {
  return feeMode === 'pay' ? amount + fee : amount;
}

export function withdrawalKey(user: string, uniqueId: string): string {
  return `${user}\u0000${uniqueId}`;
}
