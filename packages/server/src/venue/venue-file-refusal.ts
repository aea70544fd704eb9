import {
  assetDefinitionRefusal,
  formatUnits,
  marketDefinitionRefusal,
  MAX_ORDER_UNITS,
  type AssetSpec,
  type MarketSpec,
  type Rejection,
  type State,
} from '@txc/core';

/** The engine's refusal of a market of the file, in the operator's words. */
function marketRefusalText(
  refusal: Rejection,
  m: MarketSpec,
  assets: ReadonlyMap<string, AssetSpec>,
  state: State,
): string {
  const what = `market ${m.name}`;
  const existing = state.markets.get(m.name);
  switch (refusal.reason) {
    case 'UNKNOWN_MARKET_ASSET': {
      const missing = [m.money, ...(m.type === 'spot' ? [m.stock] : [])].find((t) => !assets.has(t));
      if (missing !== undefined) return `${what}: its asset ${missing} is not defined`;
      return `${what}: stockPrec ${m.stockPrec} exceeds ${m.stock}'s precision ${assets.get(m.stock)?.precision}`;
    }
    case 'MARKET_PRECISION_UNSUPPORTED':
      return `${what}: stockPrec + moneyPrec (${m.stockPrec} + ${m.moneyPrec}) must not exceed ${m.money}'s precision ${assets.get(m.money)?.precision}`;
    case 'ASSET_PRECISION_FIXED':
      return `${what}: stockPrec and moneyPrec are ${existing?.stockPrec} and ${existing?.moneyPrec} and cannot change (the file says ${m.stockPrec} and ${m.moneyPrec})`;
    default:
      return `${what}: ${refusal.reason}`;
  }
}

/**
 * A minimum no order of the market could meet: its amount counts at most MAX_ORDER_UNITS lots, a
 * market buy's budget at most MAX_ORDER_UNITS minor units of the money asset, and no total passes the
 * market's own maximum. Such a market would
 * refuse every order (or every market buy), each with the order's bound, so the file is refused instead.
 */
function unreachableMinimum(m: MarketSpec, assets: ReadonlyMap<string, AssetSpec>): string | undefined {
  const what = `market ${m.name}`;
  if (m.minAmount > MAX_ORDER_UNITS) {
    return `${what}: minAmount ${formatUnits(m.minAmount, m.stockPrec)} is more than an order can carry at stockPrec ${m.stockPrec} (at most ${formatUnits(MAX_ORDER_UNITS, m.stockPrec)})`;
  }
  const precision = assets.get(m.money)?.precision;
  if (precision !== undefined && m.maxTotal > 0n && m.minTotal > m.maxTotal) {
    return `${what}: minTotal ${formatUnits(m.minTotal, precision)} is more than its maxTotal ${formatUnits(m.maxTotal, precision)}: no order could meet both`;
  }
  if (precision !== undefined && m.minTotal > MAX_ORDER_UNITS) {
    return `${what}: minTotal ${formatUnits(m.minTotal, precision)} is more than a market buy can spend at ${m.money}'s precision ${precision} (at most ${formatUnits(MAX_ORDER_UNITS, precision)})`;
  }
  return undefined;
}

/**
 * The first definition of a venue file that the state cannot take, in one line, or undefined: checked
 * before anything is applied, so that a refused file changes nothing (the engine checks each one
 * again as it applies it). Each name appears once in a file (`readVenueFile`).
 */
export function venueFileRefusal(
  state: State,
  assets: readonly AssetSpec[],
  markets: readonly MarketSpec[],
): string | undefined {
  const defined = new Map(state.assets);
  for (const asset of assets) {
    if (assetDefinitionRefusal(state.assets, asset) !== undefined) {
      const was = state.assets.get(asset.ticker)?.precision;
      return `asset ${asset.ticker}: its precision is ${was} and cannot change (the file says ${asset.precision})`;
    }
    defined.set(asset.ticker, asset);
  }
  for (const market of markets) {
    const refusal = marketDefinitionRefusal(defined, state.markets, market);
    if (refusal !== undefined) return marketRefusalText(refusal, market, defined, state);
    const unreachable = unreachableMinimum(market, defined);
    if (unreachable !== undefined) return unreachable;
  }
  return undefined;
}
