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

/** The API's names of the types whose buy amount is money on a spot account (reference §5.1). */
const SPENDS_MONEY = new Set(['market', 'stop market']);

/**
 * The asset an order's amount, as the API lists it, may be in: the money for a spot buy at the market,
 * the stock otherwise. A collateral order's amount is always stock, yet its market order is named
 * `market` too; where the answer does not say which account the order is on (`account` undefined),
 * such a buy may be either, and both are given.
 */
export function amountAssetsOf(
  order: { readonly type: string; readonly side: string },
  market: Pick<MarketInfo, 'stock' | 'money'>,
  account: 'spot' | 'collateral' | undefined,
): readonly string[] {
  if (order.side !== 'buy' || !SPENDS_MONEY.has(order.type) || account === 'collateral') return [market.stock];
  return account === 'spot' ? [market.money] : [market.money, market.stock];
}
