/** Funds of one asset in the spot (trade) account: what can be used and what open orders hold. */
export interface SpotBalance {
  available: bigint;
  freeze: bigint;
}

export interface User {
  readonly id: number;
  readonly name: string;
  readonly eea: boolean;
  /** Main account, per ticker, in the asset's minor units. */
  readonly main: Map<string, bigint>;
  /** Spot (trade) account. */
  readonly spot: Map<string, SpotBalance>;
  /** Collateral account. */
  readonly collateral: Map<string, bigint>;
}

export function newUser(id: number, name: string, eea: boolean): User {
  return { id, name, eea, main: new Map(), spot: new Map(), collateral: new Map() };
}

export function spotBalance(user: User, ticker: string): SpotBalance {
  let balance = user.spot.get(ticker);
  if (balance === undefined) {
    balance = { available: 0n, freeze: 0n };
    user.spot.set(ticker, balance);
  }
  return balance;
}
