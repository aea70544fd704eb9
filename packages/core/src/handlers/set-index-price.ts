import type { ApplyContext } from '../commands/context.js';
import type { SetIndexPrice } from '../commands/venue-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { State } from '../state/state.js';

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
