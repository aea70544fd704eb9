import {
  accountFigures,
  accountView,
  assetValue,
  effectiveLeverage,
  formatUnits,
  poolFree,
  withdrawable,
  type CollateralAccount,
  type State,
} from '@txc/core';
import { collateralHoldings } from './collateral-views.js';

/** One asset of the collateral account as the balance summary answers it (reference §6.3). */
export interface CollateralBalanceRow {
  readonly asset: string;
  /** What the account holds: free and held by open orders. */
  readonly balance: string;
  /** What it owes the lending pool. */
  readonly borrow: string;
  readonly availableWithoutBorrow: string;
  readonly availableWithBorrow: string;
}

/** The assets collateral trading uses: those of collateral markets, and any the account holds or owes. */
function assetsOf(state: State, held: ReadonlyMap<string, bigint>, owed: ReadonlyMap<string, bigint>): string[] {
  const out = new Set([...held.keys(), ...owed.keys()]);
  for (const m of state.markets.values()) {
    if (!m.isCollateral || m.margin === undefined) continue;
    out.add(m.money);
    if (m.type === 'spot') out.add(m.stock);
  }
  return [...out].filter((t) => state.assets.has(t)).sort();
}

/**
 * The leverage each asset is borrowed at, at most: the account's, clamped to the highest maximum of
 * the collateral spot markets that lend it (a perpetual lends nothing); an asset none lends is absent.
 */
function borrowLeverages(state: State, account: CollateralAccount): Map<string, number> {
  const most = new Map<string, number>();
  for (const m of state.markets.values()) {
    if (!m.isCollateral || m.margin === undefined || m.type !== 'spot') continue;
    const leverage = effectiveLeverage(account, m);
    for (const t of [m.stock, m.money]) if (leverage > (most.get(t) ?? 0)) most.set(t, leverage);
  }
  return most;
}

/**
 * Per asset what the account holds (`balance`), owes (`borrow`), could take out of it without
 * borrowing (`availableWithoutBorrow`: its free balance, as far as what stays keeps the equity at or
 * above the margin, as a transfer out is allowed), and could use borrowing too
 * (`availableWithBorrow`: its free balance and its free margin times the leverage it can borrow at,
 * at the asset's index price, as far as the lending pool can lend), at `now` (microseconds): every
 * asset collateral trading uses, or the one `ticker` named.
 */
export function collateralBalanceRows(
  state: State,
  user: string,
  now: number,
  ticker?: string,
): CollateralBalanceRow[] {
  const held = collateralHoldings(state, user);
  const owed = new Map<string, bigint>();
  const account = accountView(state, user);
  for (const loan of account.loans.values()) {
    for (const [t, p] of loan.principal) owed.set(t, (owed.get(t) ?? 0n) + p);
  }
  const f = accountFigures(state, user, now);
  const spare = f.equity > f.margin ? f.equity - f.margin : 0n;
  const holder = state.users.get(user);
  const leverages = borrowLeverages(state, account);
  return (ticker === undefined ? assetsOf(state, held, owed) : [ticker]).map((t) => {
    const precision = state.assets.get(t)?.precision ?? 0;
    const available = holder?.collateral.get(t) ?? 0n;
    const unit = assetValue(state, t, 1n);
    const lendable = poolFree(state, t);
    const leverage = BigInt(leverages.get(t) ?? 0);
    let borrowable = unit === undefined || unit === 0n ? 0n : (spare * leverage) / unit;
    if (borrowable > lendable) borrowable = lendable > 0n ? lendable : 0n;
    return {
      asset: t,
      balance: formatUnits(held.get(t) ?? 0n, precision),
      borrow: formatUnits(owed.get(t) ?? 0n, precision),
      availableWithoutBorrow: formatUnits(
        holder === undefined ? 0n : withdrawable(state, holder, t, now, f),
        precision,
      ),
      availableWithBorrow: formatUnits(available + borrowable, precision),
    };
  });
}
