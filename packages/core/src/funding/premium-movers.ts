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

// The filters live in functions of their own: a closure over `cmd` in perpetualsMovedBy would make
// every call of it allocate a context for `cmd`, the spot orders of the hot path included.
function perpetualsOn(state: State, market: string | null): MarketSpec[] {
  return perpetuals(state, (spec) => market === null || spec.name === market);
}

function perpetualsPricedIn(state: State, ticker: string): MarketSpec[] {
  return perpetuals(state, (spec) => spec.stock === ticker || spec.money === ticker);
}

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
      return perpetualsOn(state, cmd.market);
    case 'SetIndexPrice':
      return perpetualsPricedIn(state, cmd.ticker);
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
