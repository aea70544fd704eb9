import type { FeeMode } from '@txc/core';
import type { Permission } from '@txc/sdk';
import type { SavedStateListing, SavedStateView } from './saved-states.js';
import type { AuditPage } from './audit-log.js';
import type { MiningAccountRef } from './mining-refusal.js';
import type { UserFeeView } from './set-user-fee.js';

export interface UserView {
  readonly name: string;
  readonly eea: boolean;
  readonly balances: {
    readonly main: Record<string, string>;
    readonly spot: Record<string, { available: string; freeze: string }>;
    readonly collateral: Record<string, string>;
  };
}

export interface CreatedApiKey {
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly permissions: Permission[];
  readonly ips: string[];
}

/** What operators and test suites can do to a venue: the admin API and the CLI share it. */
export interface AdminOperations {
  createUser(input: unknown): Promise<{ name: string; eea: boolean }>;
  showUser(name: string): Promise<UserView>;
  createApiKey(user: string, input: unknown): Promise<CreatedApiKey>;
  revokeApiKey(apiKey: string): Promise<{ revoked: true }>;
  deposit(input: unknown): Promise<{ transactionId: string }>;
  createMiningAccount(input: unknown): Promise<MiningAccountRef>;
  creditMiningReward(input: unknown): Promise<{ rewardId: number }>;
  pendingWithdrawals(): Promise<PendingWithdrawalView[]>;
  completeWithdrawal(transactionId: string, input: unknown): Promise<WithdrawalStatusView>;
  rejectWithdrawal(transactionId: string, input: unknown): Promise<WithdrawalStatusView>;
  setIndexPrice(input: unknown): Promise<{ ticker: string; price: string }>;
  /** Sets a user's own maker and taker rates (`{market?, makerFee, takerFee}`, percent or null). */
  setUserFee(user: string, input: unknown): Promise<UserFeeView>;
  /** Puts money into the lending pool (`{ticker, amount}`); answers the pool's balance. */
  fundLendingPool(input: unknown): Promise<{ ticker: string; amount: string; lendingPool: string }>;
  /** Settles a perpetual's funding period now (`{market}`), ahead of its boundary. */
  settleFunding(input: unknown): Promise<FundingSettledView>;
  ledger(): Promise<LedgerView>;
  /** The seq and hash of the committed state (what `txc replay` prints for the same journal). */
  stateHash(): Promise<{ seq: number; hash: string }>;
  /** The admin audit log, oldest first (`{after?, limit?}`). */
  auditLog(input: unknown): Promise<AuditPage>;
  /** The venue's saved states, by name. */
  listStates(): Promise<SavedStateListing[]>;
  /** Saves the venue as it stands (`{name, replace?}`). */
  saveState(input: unknown): Promise<SavedStateView>;
  /** Loads a saved state in place of the venue. */
  loadState(name: string): Promise<SavedStateView>;
  deleteState(name: string): Promise<{ deleted: string }>;
  /** A demo venue back to its first state, as seeded. */
  reset(): Promise<SavedStateView>;
}

/** The venue's own accounts (fees, lending pool, insurance fund, pending withdrawals) and its totals, by ticker. */
export type LedgerView = Record<
  'fees' | 'lendingPool' | 'insuranceFund' | 'pendingWithdrawals' | 'deposited' | 'withdrawn',
  Record<string, string>
>;

/** A funding settlement: the rate it settled at, and when (Unix milliseconds). */
export interface FundingSettledView {
  readonly market: string;
  readonly fundingRate: string;
  readonly settledAt: number;
}

/** A withdrawal waiting for the operator (or the simulated chain). */
export interface PendingWithdrawalView {
  readonly transactionId: string;
  readonly user: string;
  readonly uniqueId: string;
  readonly ticker: string;
  readonly network: string;
  readonly address: string;
  readonly memo: string | null;
  readonly amount: string;
  readonly fee: string;
  /** `pay` (withdraw-pay): the fee was debited on top of `amount`; `inclusive` (withdraw): it is part of it. */
  readonly feeMode: FeeMode;
  /** What the receiver gets, the amount to send: `amount`, less `fee` when inclusive. */
  readonly payout: string;
  readonly partialEnable: boolean;
  /** Unix seconds. */
  readonly createdAt: number;
}

/** The withdrawal's history status after the operation (reference §7.6 numbers). */
export interface WithdrawalStatusView {
  readonly transactionId: string;
  readonly status: number;
}
