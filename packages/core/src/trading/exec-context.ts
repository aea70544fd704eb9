import type { ApplyContext } from '../commands/context.js';
import type { State } from '../state/state.js';
import { marketUnits, type MarketUnits } from '../spec/market-units.js';
import type { Order } from '../state/order.js';
import { marketTrading, type MarketTrading, type TradingState } from '../state/trading-state.js';
import { feeRatesOf, type FeeRates } from '../state/user-fees.js';

/** What executing one command against one market needs at hand. */
export interface Exec {
  readonly state: State;
  readonly trading: TradingState;
  /** The market's book, trigger list and last price. */
  readonly market: MarketTrading;
  readonly units: MarketUnits;
  readonly money: string;
  readonly stock: string;
  ctx: ApplyContext;
  /** Stops set off by this command's trades, in the order they are to run. */
  readonly triggered: Order[];
  /**
   * OTO legs armed by this command's fills: they wait in the trigger list, but no trade of this
   * command sets them off (see trading/oto). Emptied when the next command takes the context.
   */
  readonly armed: Set<Order>;
  /** A perpetual: its positions are synthetic and its fills move no assets (see fill). */
  readonly perp: boolean;
}

/** The maker and taker rates `user` pays on this market: the market's unless the user has rates of their own. */
export function feeRates(exec: Exec, user: string): FeeRates {
  return feeRatesOf(exec.state.userFees, user, exec.units.spec);
}

/**
 * The execution context of one market for one command; undefined when the market or its assets are
 * unknown. Commands apply one at a time, so each market keeps one context and only its command
 * context changes: nothing is allocated per command.
 */
export function execFor(state: State, name: string, ctx: ApplyContext): Exec | undefined {
  const spec = state.markets.get(name);
  if (spec === undefined) return undefined;
  const market = marketTrading(state.trading, name);
  let exec = market.exec as Exec | null;
  if (exec === null || exec.units.spec !== spec) {
    const money = state.assets.get(spec.money);
    const stock = state.assets.get(spec.stock);
    if (money === undefined || stock === undefined) return undefined;
    exec = {
      state,
      trading: state.trading,
      market,
      units: marketUnits(spec, money.precision, stock.precision),
      money: spec.money,
      stock: spec.stock,
      ctx,
      triggered: [] as Order[],
      armed: new Set<Order>(),
      perp: spec.type === 'futures',
    };
    market.exec = exec;
  }
  if (exec.ctx !== ctx && exec.armed.size !== 0) exec.armed.clear();
  exec.ctx = ctx;
  return exec;
}
