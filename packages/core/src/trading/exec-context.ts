import type { ApplyContext } from '../commands/context.js';
import type { State } from '../state/state.js';
import type { Exec } from './execution.js';
import { marketUnits } from '../spec/market-units.js';
import type { Order } from '../state/order.js';
import { marketTrading } from '../state/trading-state.js';

/**
 * The execution context of one market for one command; undefined when the market or its assets are
 * unknown. Commands apply one at a time, so each market keeps one context and only its command
 * context changes: nothing is allocated per command.
 */
export function execFor(state: State, market: string, ctx: ApplyContext): Exec | undefined {
  const spec = state.markets.get(market);
  if (spec === undefined) return undefined;
  const mt = marketTrading(state.trading, market);
  let x = mt.exec as Exec | null;
  if (x === null || x.units.spec !== spec) {
    const money = state.assets.get(spec.money);
    const stock = state.assets.get(spec.stock);
    if (money === undefined || stock === undefined) return undefined;
    x = {
      state,
      trading: state.trading,
      mt,
      units: marketUnits(spec, money.precision, stock.precision),
      money: spec.money,
      stock: spec.stock,
      ctx,
      triggered: [] as Order[],
      perp: spec.type === 'futures',
    };
    mt.exec = x;
  }
  x.ctx = ctx;
  return x;
}
