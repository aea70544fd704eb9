/** Which way a sub-account transfer moves funds, in the exchange docs' words. */
export type SubAccountDirection = 'main_to_sub' | 'sub_to_main';

/** `active` until blocked; a deleted sub-account is kept for its history and its user's journal. */
export type SubAccountStatus = 'active' | 'blocked' | 'deleted';

/** One transfer between a main account's main balance and one of its sub-accounts' main balances. */
export interface SubAccountTransfer {
  readonly transactionId: string;
  readonly direction: SubAccountDirection;
  readonly ticker: string;
  readonly amount: bigint;
  /** The venue's time, microseconds. */
  readonly time: number;
}

/**
 * A sub-account (exchange docs, `sub-account/*`): a user of its own, named by the sub-account's id,
 * whose parent is the main user that created it. `spotEnabled` and `collateralEnabled` say whether
 * it may move funds from its main balance into its spot and collateral balances.
 */
export interface SubAccount {
  readonly id: string;
  readonly parent: string;
  alias: string;
  readonly email: string | null;
  readonly shareKyc: boolean;
  spotEnabled: boolean;
  collateralEnabled: boolean;
  status: SubAccountStatus;
  readonly color: string;
  /** The venue's time of creation, microseconds. */
  readonly createdAt: number;
  /** Transfers with the parent, oldest first. */
  readonly transfers: SubAccountTransfer[];
}

/** Every sub-account ever created, by id (which is also its user's name). */
export type SubAccounts = Map<string, SubAccount>;

/** The colours sub-accounts are given in turn: the docs show one per sub-account and no way to choose it. */
export const SUB_ACCOUNT_COLORS: readonly string[] = [
  '#FF5733',
  '#33A1FF',
  '#2ECC71',
  '#F1C40F',
  '#9B59B6',
  '#E67E22',
  '#1ABC9C',
  '#E84393',
];

/** The sub-account `id` of `parent`, unless it is unknown, another user's or deleted. */
export function liveSubAccountOf(subAccounts: SubAccounts, parent: string, id: string): SubAccount | undefined {
  const sub = subAccounts.get(id);
  return sub === undefined || sub.parent !== parent || sub.status === 'deleted' ? undefined : sub;
}

/** Whether `parent` already has a live sub-account called `alias` (other than `except`). */
export function aliasTaken(subAccounts: SubAccounts, parent: string, alias: string, except?: string): boolean {
  for (const sub of subAccounts.values()) {
    if (sub.parent === parent && sub.status !== 'deleted' && sub.alias === alias && sub.id !== except) return true;
  }
  return false;
}

/** A sub-account as a command answers it: its settings at that moment, without its transfers. */
export type SubAccountView = Readonly<Omit<SubAccount, 'transfers'>>;

export function subAccountView(sub: SubAccount): SubAccountView {
  const { transfers: _transfers, ...settings } = sub;
  return { ...settings };
}
