/**
 * `pay`: the receiver gets `amount` and the fee comes on top (withdraw-pay); `inclusive`: the fee
 * comes out of `amount` (withdraw).
 */
export type FeeMode = 'pay' | 'inclusive';

/** A withdrawal requested and not yet finished: its debit sits in ledger.pendingWithdrawals. */
export interface PendingWithdrawal {
  readonly transactionId: string;
  readonly user: string;
  readonly uniqueId: string;
  readonly ticker: string;
  /** Network for crypto, provider for fiat. */
  readonly network: string;
  readonly address: string;
  readonly memo: string | null;
  /** As requested, in minor units. */
  readonly amount: bigint;
  readonly fee: bigint;
  readonly feeMode: FeeMode;
  /** What left the main balance: amount + fee (`pay`) or amount (`inclusive`). */
  readonly debit: bigint;
  /** The provider may pay out part of it (fiat with partialEnable). */
  readonly partialEnable: boolean;
  /** Microseconds since the Unix epoch. */
  readonly createdAt: number;
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
