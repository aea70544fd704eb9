import type { MarketInfo } from '../market/MarketList.js';

export type OrderType = 'limit' | 'market' | 'stop-limit' | 'stop-market' | 'collateral-limit';

export interface OrderTypeChoice {
  readonly value: OrderType;
  readonly label: string;
}

const SPOT: readonly OrderTypeChoice[] = [
  { value: 'limit', label: 'Limit' },
  { value: 'market', label: 'Market' },
  { value: 'stop-limit', label: 'Stop-limit' },
  { value: 'stop-market', label: 'Stop-market' },
];

const COLLATERAL: OrderTypeChoice = { value: 'collateral-limit', label: 'Collateral limit' };

/**
 * The order types a market takes, its default first. The API refuses spot orders on any market that
 * is not `spot` (a perpetual trades on collateral only), and collateral orders on a market that is not
 * `isCollateral`; both refusals read like a halted market's, so the form never offers them.
 */
export function orderTypesOf(market: Pick<MarketInfo, 'type' | 'isCollateral'>): readonly OrderTypeChoice[] {
  const spot = market.type === 'spot' ? SPOT : [];
  return market.isCollateral ? [...spot, COLLATERAL] : spot;
}

/**
 * Whether the order's amount is the quote asset to spend rather than the base asset: a buy at the
 * market, triggered or not (docs/compatibility.md, "A buy stop-market order's amount is money").
 */
export function amountIsMoney(type: OrderType, side: 'buy' | 'sell'): boolean {
  return side === 'buy' && (type === 'market' || type === 'stop-market');
}
