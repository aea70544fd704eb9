/**
 * What the venue owes and holds per asset beside its users' accounts. Conservation: for every
 * asset, users' balances + holds + these accounts = deposited − withdrawn.
 */
export interface Ledger {
  /** Every credited deposit and, later, every completed withdrawal, per ticker. */
  readonly deposited: Map<string, bigint>;
  readonly withdrawn: Map<string, bigint>;
  /** Trading fees and rounding residue collected by the venue. */
  readonly fees: Map<string, bigint>;
  /** What margin positions on spot pairs borrow from, net of what is lent out. */
  readonly lendingPool: Map<string, bigint>;
  /** Absorbs liquidation shortfalls and receives their surplus. */
  readonly insuranceFund: Map<string, bigint>;
  /** Amounts (with fees) of requested withdrawals not yet completed or cancelled. */
  readonly pendingWithdrawals: Map<string, bigint>;
}

export function createLedger(): Ledger {
  return {
    deposited: new Map(),
    withdrawn: new Map(),
    fees: new Map(),
    lendingPool: new Map(),
    insuranceFund: new Map(),
    pendingWithdrawals: new Map(),
  };
}

export function addTo(account: Map<string, bigint>, ticker: string, delta: bigint): void {
  account.set(ticker, (account.get(ticker) ?? 0n) + delta);
}
