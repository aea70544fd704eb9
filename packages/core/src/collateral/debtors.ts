import type { CollateralAccount } from '../state/collateral-state.js';

type Accounts = ReadonlyMap<string, CollateralAccount>;

/**
 * The names of the accounts that may owe the lending pool, by the map that holds the accounts: every
 * account with a loan, and perhaps some that had one and owe nothing now (`forgetSettled`). A loan
 * outlives the position that borrowed it when a loss was more than the account's money, and such a
 * debt is still a risk the liquidation check must see without visiting every account a venue made.
 *
 * Not part of the state, like the position holders (collateral/position-holders): a map is scanned
 * once, the first time it is asked for, and from then on `noteLoanTaken` keeps up, called where
 * every loan is made (collateral/loans).
 */
const debtors = new WeakMap<Accounts, Set<string>>();

/** The names of the accounts that may owe the pool; a superset of those that do, in the order they were noted. */
export function loanHolders(accounts: Accounts): ReadonlySet<string> {
  let names = debtors.get(accounts);
  if (names === undefined) {
    names = new Set();
    for (const [name, account] of accounts) if (account.loans.size > 0) names.add(name);
    debtors.set(accounts, names);
  }
  return names;
}

/** `name`'s account has just taken a loan on a market where it had none. */
export function noteLoanTaken(accounts: Accounts, name: string): void {
  debtors.get(accounts)?.add(name);
}

/** Forgets the names whose accounts owe nothing now. */
export function forgetSettled(accounts: Accounts): void {
  const names = debtors.get(accounts);
  if (names === undefined) return;
  for (const name of names) if ((accounts.get(name)?.loans.size ?? 0) === 0) names.delete(name);
}
