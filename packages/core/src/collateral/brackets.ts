import { pow10 } from '../money/decimal.js';
import type { MarketSpec } from '../spec/market.js';
import type { CollateralAccount } from '../state/collateral-state.js';
import type { State } from '../state/state.js';
import { effectiveLeverage, exposures, type OrderIntent } from './margin.js';
import { VALUE_DECIMALS } from './valuation.js';

/** The cap of positions at a leverage on a market, as a value (0: none). */
export function bracketCap(spec: MarketSpec, leverage: number): bigint {
  const bracket = spec.margin?.brackets.find((entry) => entry.leverage === leverage);
  return bracket === undefined ? 0n : bracket.maxPosition * pow10(VALUE_DECIMALS);
}

/** Whether every position group of the account stays within its market's bracket at `account`'s leverage. */
export function withinBrackets(state: State, user: string, account: CollateralAccount, intent?: OrderIntent): boolean {
  for (const exposure of exposures(state, user, account, intent).values()) {
    const cap = bracketCap(exposure.spec, effectiveLeverage(account, exposure.spec));
    if (cap > 0n && (exposure.long > exposure.short ? exposure.long : exposure.short) > cap) return false;
  }
  return true;
}
