import type { ApplyContext } from '../commands/context.js';
import type { FundLendingPool } from '../commands/collateral-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { addTo } from '../state/ledger.js';
import type { State } from '../state/state.js';

export function fundLendingPool(
  state: State,
  cmd: FundLendingPool,
  ctx: ApplyContext,
): Result<{ ticker: string; amount: bigint; pool: bigint }> {
  if (!state.assets.has(cmd.ticker)) return reject('UNKNOWN_ASSET', { ticker: cmd.ticker });
  if (cmd.amount <= 0n) return reject('AMOUNT_NOT_POSITIVE');
  addTo(state.ledger.lendingPool, cmd.ticker, cmd.amount);
  addTo(state.ledger.deposited, cmd.ticker, cmd.amount);
  ctx.emit({ type: 'LendingPoolFunded', ticker: cmd.ticker, amount: cmd.amount, time: ctx.time });
  return ok({ ticker: cmd.ticker, amount: cmd.amount, pool: state.ledger.lendingPool.get(cmd.ticker) ?? 0n });
}
