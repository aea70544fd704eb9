import { formatUnits } from '@txc/core';
import { AdminError, decimalAmount, record, requiredString } from './admin-input.js';
import { rejected } from './refusal.js';
import type { Venue } from '../venue/venue.js';

/** `POST /admin/v1/lending-pool {ticker, amount}`: puts money into the lending pool; answers the pool's balance. */
export async function fundLendingPool(
  venue: Venue,
  input: unknown,
): Promise<{ ticker: string; amount: string; lendingPool: string }> {
  const body = record(input, ['ticker', 'amount']);
  const ticker = requiredString(body, 'ticker');
  const asset = venue.state.assets.get(ticker);
  if (asset === undefined) throw new AdminError('adminBadRequest', `Unknown ticker ${ticker}.`);
  const amount = decimalAmount(body.amount, asset.precision);
  const { result } = await venue.submit({ type: 'FundLendingPool', ticker, amount });
  if (!result.ok) throw rejected(result.rejection);
  return {
    ticker,
    amount: formatUnits(result.value.amount, asset.precision),
    lendingPool: formatUnits(result.value.pool, asset.precision),
  };
}
