import { formatUnits, type State } from '@txc/core';

/** One asset of the spot (trade) account: free, and held by open orders (`freeze`). */
export interface SpotBalanceText {
  readonly available: string;
  readonly freeze: string;
}

/** The user's spot balance of one asset, zeros included (reference §5.2). */
export function spotBalance(state: State, user: string, ticker: string): SpotBalanceText {
  const precision = state.assets.get(ticker)?.precision ?? 0;
  const b = state.users.get(user)?.spot.get(ticker);
  return { available: formatUnits(b?.available ?? 0n, precision), freeze: formatUnits(b?.freeze ?? 0n, precision) };
}

/** The user's non-zero spot balances by ticker, in ticker order (reference §5.2 without `ticker`). */
export function spotBalances(state: State, user: string): Record<string, SpotBalanceText> {
  const all: Record<string, SpotBalanceText> = {};
  const spot = state.users.get(user)?.spot;
  for (const [t, b] of [...(spot ?? [])].sort(([a], [c]) => (a < c ? -1 : 1))) {
    if (b.available !== 0n || b.freeze !== 0n) all[t] = spotBalance(state, user, t);
  }
  return all;
}
