import type { AccountKind } from '../events/event.js';
import type { DepositAddress } from '../state/deposit-address.js';
import type { FeeMode } from '../state/withdrawal.js';

/**
 * A confirmed deposit credited to a user's main account. Idempotent on (network, txid): the same
 * chain transaction reported twice is credited once, and the second report answers the first's id.
 * With a network, the network's limits apply and its deposit fee is kept by the venue; without
 * one (internal credits such as the demo seed) the whole amount is credited.
 */
export interface CreditDeposit {
  readonly type: 'CreditDeposit';
  /** Chosen by the caller (a UUID), so that replaying the journal reproduces it. */
  readonly transactionId: string;
  readonly user: string;
  readonly ticker: string;
  readonly amount: bigint;
  readonly network: string | null;
  readonly txid: string | null;
  readonly address: string | null;
  readonly memo: string | null;
}

export interface DepositOutcome {
  readonly transactionId: string;
  readonly duplicate: boolean;
}

/**
 * Records a deposit address the wallet derived for a user at the next index of its counter. The
 * derivation happens outside the engine (it needs the chain's public key); recording it here
 * makes index allocation part of the journal, so a replay hands out exactly the same addresses.
 */
export interface AssignDepositAddress {
  readonly type: 'AssignDepositAddress';
  readonly user: string;
  readonly ticker: string;
  readonly network: string;
  /** False: the user's persistent address (refused if one exists); true: an additional one. */
  readonly fresh: boolean;
  /** Most addresses a user may hold for one (ticker, network). */
  readonly limit: number;
  readonly address: DepositAddress;
}

/**
 * A withdrawal from a user's main account. The fee is the network's withdraw fee on `amount`; the
 * debit (amount + fee for `pay`, amount for `inclusive`) moves to ledger.pendingWithdrawals until
 * the withdrawal completes or is cancelled. At most one withdrawal per (user, uniqueId), ever. A
 * sub-account's is held for its main account's confirmation instead, with nothing debited yet
 * (RULES.heldSubAccountWithdrawals).
 */
export interface RequestWithdrawal {
  readonly type: 'RequestWithdrawal';
  /** Chosen by the caller (a UUID), so that replaying the journal reproduces it. */
  readonly transactionId: string;
  readonly user: string;
  readonly uniqueId: string;
  readonly ticker: string;
  /** Network for crypto, provider for fiat; null for the asset's default. */
  readonly network: string | null;
  readonly address: string;
  readonly memo: string | null;
  readonly amount: bigint;
  readonly feeMode: FeeMode;
  readonly partialEnable: boolean;
}

export interface WithdrawalAccepted {
  readonly transactionId: string;
  readonly network: string;
  readonly fee: bigint;
  /** What left the main balance: nothing yet for a held one. */
  readonly debit: bigint;
  /** Held for the main account's confirmation (a sub-account's, state/held-withdrawals.ts). */
  readonly held: boolean;
}

/**
 * A pending withdrawal was paid out: in full, or (fiat with partialEnable) in part. A partial
 * payout charges the fee in proportion to what was processed, rounded up, and refunds the rest of
 * the debit to the main balance.
 */
export interface CompleteWithdrawal {
  readonly type: 'CompleteWithdrawal';
  readonly transactionId: string;
  readonly transactionHash: string | null;
  /** Of `amount` as requested; null when all of it was processed. */
  readonly processedAmount: bigint | null;
}

export interface WithdrawalCompletion {
  readonly transactionId: string;
  readonly partial: boolean;
}

/** A pending withdrawal rejected by the venue: its whole debit, amount and fee, goes back. */
export interface CancelWithdrawal {
  readonly type: 'CancelWithdrawal';
  readonly transactionId: string;
  readonly reason: string | null;
}

/**
 * Moves funds between a user's own main, spot and collateral accounts; instant and free. Out of the
 * collateral account only what its positions and orders do not need; into it, what the account
 * owes of the asset is repaid first.
 */
export interface Transfer {
  readonly type: 'Transfer';
  readonly user: string;
  readonly ticker: string;
  readonly amount: bigint;
  readonly from: AccountKind;
  readonly to: AccountKind;
}
