import type { State } from '../state/state.js';
import { openOrdersOf } from '../state/trading-state.js';
import { accountView } from './margin.js';

/**
 * Whether a user has a perpetual position or an open perpetual order: what locks the account's
 * hedge mode and leverage (reference §6.5, §6.6), since both change how those positions are margined.
 */
export function hasFuturesExposure(state: State, user: string): boolean {
  const futures = (market: string): boolean => state.markets.get(market)?.type === 'futures';
  for (const pos of accountView(state, user).positions.values()) if (pos.size !== 0 && futures(pos.market)) return true;
  for (const order of openOrdersOf(state.trading, user))
    if (order.account === 'collateral' && futures(order.market)) return true;
  return false;
}
