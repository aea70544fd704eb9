import { pow10 } from '../money/decimal.js';
import type { MarketSpec } from '../spec/market.js';
import type { CollateralAccount } from '../state/collateral-state.js';
import type { State } from '../state/state.js';
import { effectiveLeverage, exposures, type OrderIntent } from './margin.js';
import { VALUE_DECIMALS } from './valuation.js';

/** The cap of positions at a leverage on a market, as a value (0: none). */
export function bracketCap(spec: MarketSpec, leverage: number): bigint {
  const b = spec.margin?.brackets.find((x) => x.leverage === leverage);
  return b === undefined ? 0n : b.maxPosition * pow10(VALUE_DECIMALS);
}

/** Whether every position group of the account stays within its market's bracket at `account`'s leverage. */
export function withinBrackets(state: State, user: string, account: CollateralAccount, intent?: OrderIntent): boolean {
  for (const e of exposures(state, user, account, intent).values()) {
    const cap = bracketCap(e.spec, effectiveLeverage(account, e.spec));
    if (cap > 0n && (e.long > e.short ? e.long : e.short) > cap) return false;
  }
  return true;
}
