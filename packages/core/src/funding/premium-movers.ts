import type { Command } from '../commands/command.js';
import type { MarketSpec } from '../spec/market.js';
import type { State } from '../state/state.js';

function perpetual(state: State, market: string): MarketSpec | undefined {
  const spec = state.markets.get(market);
  return spec?.type === 'futures' ? spec : undefined;
}

function perpetuals(state: State, include: (spec: MarketSpec) => boolean): MarketSpec[] {
  const out: MarketSpec[] = [];
  for (const spec of state.markets.values()) if (spec.type === 'futures' && include(spec)) out.push(spec);
  return out;
}

const NONE: readonly MarketSpec[] = [];

/**
 * The perpetuals whose book or index an accepted command may have moved, and so whose premium must
 * be taken again. Spot orders — the hot path — touch none and cost one map lookup.
 */
export function perpetualsMovedBy(state: State, cmd: Command): readonly MarketSpec[] {
  switch (cmd.type) {
    case 'PlaceOrder':
    case 'CancelOrder':
    case 'CancelOto': {
      const spec = perpetual(state, cmd.market);
      return spec === undefined ? NONE : [spec];
    }
    case 'CancelAllOrders':
      return perpetuals(state, (spec) => cmd.market === null || spec.name === cmd.market);
    case 'SetIndexPrice':
      return perpetuals(state, (spec) => spec.stock === cmd.ticker || spec.money === cmd.ticker);
    case 'DefineMarket': {
      const spec = perpetual(state, cmd.market.name);
      return spec === undefined ? NONE : [spec];
    }
    case 'CheckLiquidations':
      return perpetuals(state, () => true);
    default:
      return NONE;
  }
}
