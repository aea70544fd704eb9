import type { Rejection } from '../commands/rejection.js';
import type { AssetSpec } from '../spec/asset.js';
import type { MarketSpec } from '../spec/market.js';

/**
 * Why an asset definition cannot take the place of what `assets` holds, or undefined: a precision
 * is fixed once defined (every balance is kept in its units). Shared by the engine and by what checks
 * a whole venue file before any of it is applied.
 */
export function assetDefinitionRefusal(
  assets: ReadonlyMap<string, AssetSpec>,
  asset: AssetSpec,
): Rejection | undefined {
  const existing = assets.get(asset.ticker);
  if (existing !== undefined && existing.precision !== asset.precision) {
    return { reason: 'ASSET_PRECISION_FIXED', params: { ticker: asset.ticker } };
  }
  return undefined;
}

/** Why a market definition cannot be applied over `assets` and `markets`, or undefined. */
export function marketDefinitionRefusal(
  assets: ReadonlyMap<string, AssetSpec>,
  markets: ReadonlyMap<string, MarketSpec>,
  m: MarketSpec,
): Rejection | undefined {
  const stock = assets.get(m.stock);
  const money = assets.get(m.money);
  if (money === undefined || (m.type === 'spot' && stock === undefined)) {
    return { reason: 'UNKNOWN_MARKET_ASSET', params: { market: m.name } };
  }
  if (stock !== undefined && m.type === 'spot' && m.stockPrec > stock.precision) {
    return { reason: 'UNKNOWN_MARKET_ASSET', params: { market: m.name } };
  }
  // a perpetual settles its notionals in the money asset exactly (no fine unit below a minor unit)
  if (m.type === 'futures' && m.stockPrec + m.moneyPrec > money.precision) {
    return { reason: 'MARKET_PRECISION_UNSUPPORTED', params: { market: m.name } };
  }
  const existing = markets.get(m.name);
  if (existing !== undefined && (existing.stockPrec !== m.stockPrec || existing.moneyPrec !== m.moneyPrec)) {
    return { reason: 'ASSET_PRECISION_FIXED', params: { ticker: m.name } };
  }
  return undefined;
}
