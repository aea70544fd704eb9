import {
  assetDefinitionRefusal,
  marketDefinitionRefusal,
  type AssetSpec,
  type MarketSpec,
  type State,
} from '@txc/core';

/** Why the engine would refuse a market of the file, in the operator's words. */
function marketRefusalText(m: MarketSpec, assets: ReadonlyMap<string, AssetSpec>, state: State): string {
  const what = `market ${m.name}`;
  const money = assets.get(m.money);
  const stock = assets.get(m.stock);
  const existing = state.markets.get(m.name);
  if (money === undefined) return `${what}: its money asset ${m.money} is not defined`;
  if (m.type === 'spot' && stock === undefined) return `${what}: its stock asset ${m.stock} is not defined`;
  if (existing !== undefined && (existing.stockPrec !== m.stockPrec || existing.moneyPrec !== m.moneyPrec)) {
    return `${what}: stockPrec and moneyPrec are ${existing.stockPrec} and ${existing.moneyPrec} and cannot change (the file says ${m.stockPrec} and ${m.moneyPrec})`;
  }
  if (m.type === 'futures') {
    return `${what}: stockPrec + moneyPrec (${m.stockPrec} + ${m.moneyPrec}) must not exceed ${m.money}'s precision ${money.precision}`;
  }
  return `${what}: stockPrec ${m.stockPrec} exceeds ${m.stock}'s precision ${stock?.precision}`;
}

/**
 * The first definition of a venue file that the state cannot take, in one line, or undefined: checked
 * before anything is applied, so that a refused file changes nothing (the engine checks each one
 * again as it applies it).
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
    if (marketDefinitionRefusal(defined, state.markets, market) !== undefined) {
      return marketRefusalText(market, defined, state);
    }
  }
  return undefined;
}
