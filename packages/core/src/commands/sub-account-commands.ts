import type { SubAccountDirection } from '../state/sub-accounts.js';

/** The longest alias a sub-account may take. */
export const SUB_ACCOUNT_ALIAS_MAX = 64;

/**
 * Opens a sub-account of `parent`: a new user named `id` (chosen by the caller, a UUID, so that a
 * replay reproduces it). Refused for a parent that is itself a sub-account.
 */
export interface CreateSubAccount {
  readonly type: 'CreateSubAccount';
  readonly parent: string;
  readonly id: string;
  readonly alias: string;
  readonly email: string | null;
  readonly shareKyc: boolean;
  readonly spotEnabled: boolean;
  readonly collateralEnabled: boolean;
}

/** Renames a sub-account and sets its permissions. */
export interface EditSubAccount {
  readonly type: 'EditSubAccount';
  readonly parent: string;
  readonly id: string;
  readonly alias: string;
  readonly spotEnabled: boolean;
  readonly collateralEnabled: boolean;
}

/** Closes a sub-account that holds nothing: no balance, open order, position or pending withdrawal. */
export interface DeleteSubAccount {
  readonly type: 'DeleteSubAccount';
  readonly parent: string;
  readonly id: string;
}

/** Blocks (`blocked` true) or unblocks a sub-account. */
export interface SetSubAccountBlocked {
  readonly type: 'SetSubAccountBlocked';
  readonly parent: string;
  readonly id: string;
  readonly blocked: boolean;
}

/** Moves funds between the parent's main balance and the sub-account's main balance; instant and free. */
export interface TransferSubAccount {
  readonly type: 'TransferSubAccount';
  readonly parent: string;
  readonly id: string;
  /** Chosen by the caller (a UUID), so that replaying the journal reproduces it. */
  readonly transactionId: string;
  readonly direction: SubAccountDirection;
  readonly ticker: string;
  readonly amount: bigint;
}
