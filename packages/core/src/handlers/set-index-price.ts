import type { ApplyContext } from '../commands/context.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { State } from '../state/state.js';

/** Sets an asset's index price in USDT (over 10^INDEX_PRICE_DECIMALS): an input, like time. */
export interface SetIndexPrice {
  readonly type: 'SetIndexPrice';
  readonly ticker: string;
  readonly price: bigint;
}

export function setIndexPrice(
  state: State,
  cmd: SetIndexPrice,
  ctx: ApplyContext,
): Result<{ ticker: string; price: bigint }> {
  if (!state.assets.has(cmd.ticker)) return reject('UNKNOWN_ASSET', { ticker: cmd.ticker });
  if (cmd.price <= 0n) return reject('PRICE_NOT_POSITIVE');
  state.trading.indexPrices.set(cmd.ticker, cmd.price);
  ctx.emit({ type: 'IndexPriceSet', ticker: cmd.ticker, price: cmd.price, time: ctx.time });
  return ok({ ticker: cmd.ticker, price: cmd.price });
}
