import { formatUnits, INDEX_PRICE_DECIMALS, parseUnits } from '@txc/core';
import { AdminError, record, requiredString, withinAdminBound } from './admin-input.js';
import { rejected } from './refusal.js';
import type { Venue } from '../venue/venue.js';

/** `POST /admin/v1/index-prices {ticker, price}`: sets an asset's index price in USDT; answers it as stored. */
export async function setIndexPrice(venue: Venue, input: unknown): Promise<{ ticker: string; price: string }> {
  const body = record(input, ['ticker', 'price']);
  const ticker = requiredString(body, 'ticker');
  const raw = body.price;
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    throw new AdminError('adminBadRequest', 'price must be a decimal string.');
  }
  if (!venue.state.assets.has(ticker)) throw new AdminError('adminBadRequest', `Unknown ticker ${ticker}.`);
  const price = parseUnits(String(raw), INDEX_PRICE_DECIMALS);
  if (price === undefined) {
    throw new AdminError(
      'adminBadRequest',
      `price must be a plain decimal with at most ${INDEX_PRICE_DECIMALS} decimal places.`,
    );
  }
  if (price <= 0n) throw new AdminError('adminBadRequest', 'price must be greater than 0.');
  withinAdminBound(price, INDEX_PRICE_DECIMALS, 'price');
  const { result } = await venue.submit({ type: 'SetIndexPrice', ticker, price });
  if (!result.ok) throw rejected(result.rejection);
  return { ticker, price: formatUnits(result.value.price, INDEX_PRICE_DECIMALS) };
}
