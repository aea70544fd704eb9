import type { CollateralAccount, Position } from '../state/collateral-state.js';

type Accounts = ReadonlyMap<string, CollateralAccount>;

/**
 * The names of the accounts that may hold a position, by the map that holds the accounts: every
 * account that holds one, and perhaps some that held one and hold none now (`forgetEmpty`).
 * What looks only at positions (the liquidation check after every price move, funding, open interest)
 * reads these rather than every account a venue ever made, most of which hold none.
 *
 * Not part of the state, so snapshots and state hashes are as they were: a map is scanned once, the
 * first time it is asked for (a state decoded from a snapshot has maps of its own), and from then on
 * `notePositionOpened` keeps up, called where every position is made (trading/collateral-fill).
 */
const holders = new WeakMap<Accounts, Set<string>>();

/** The names of the accounts that may hold a position; a superset of those that do, in the order they were noted. */
export function positionHolders(accounts: Accounts): ReadonlySet<string> {
  let names = holders.get(accounts);
  if (names === undefined) {
    names = new Set();
    for (const [name, account] of accounts) if (account.positions.size > 0) names.add(name);
    holders.set(accounts, names);
  }
  return names;
}

/** Every position, with the name of its account. */
export function* heldPositions(accounts: Accounts): Generator<readonly [name: string, position: Position]> {
  for (const name of positionHolders(accounts)) {
    for (const position of accounts.get(name)?.positions.values() ?? []) yield [name, position];
  }
}

/** `name`'s account has just opened a position. */
export function notePositionOpened(accounts: Accounts, name: string): void {
  holders.get(accounts)?.add(name);
}

/** Forgets the names whose accounts hold no position now. */
export function forgetEmpty(accounts: Accounts): void {
  const names = holders.get(accounts);
  if (names === undefined) return;
  for (const name of names) if ((accounts.get(name)?.positions.size ?? 0) === 0) names.delete(name);
}
