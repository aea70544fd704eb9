import type { ApplyContext } from '../commands/context.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { TransferSubAccount } from '../commands/sub-account-commands.js';
import { formatUnits } from '../money/decimal.js';
import { addTo } from '../state/ledger.js';
import type { State } from '../state/state.js';
import { liveSubAccountOf, type SubAccountTransfer } from '../state/sub-accounts.js';

/**
 * Moves funds between the parent's main balance and its sub-account's, whichever way `direction`
 * says: all or nothing, instant and free. A blocked sub-account still sends and receives, so the
 * parent can take funds out of one it stopped.
 */
export function transferSubAccount(
  state: State,
  cmd: TransferSubAccount,
  ctx: ApplyContext,
): Result<SubAccountTransfer> {
  const parent = state.users.get(cmd.parent);
  const sub = liveSubAccountOf(state.subAccounts, cmd.parent, cmd.id);
  const subUser = state.users.get(cmd.id);
  if (parent === undefined || sub === undefined || subUser === undefined) return reject('SUB_ACCOUNT_NOT_FOUND');
  const asset = state.assets.get(cmd.ticker);
  if (asset === undefined) return reject('UNKNOWN_ASSET', { ticker: cmd.ticker });
  if (cmd.amount <= 0n) return reject('AMOUNT_NOT_POSITIVE');
  const [from, to] = cmd.direction === 'main_to_sub' ? [parent, subUser] : [subUser, parent];
  const have = from.main.get(cmd.ticker) ?? 0n;
  if (have < cmd.amount) {
    return reject('TRANSFER_INSUFFICIENT_FUNDS', {
      available: formatUnits(have, asset.precision),
      amount: formatUnits(cmd.amount, asset.precision),
    });
  }
  addTo(from.main, cmd.ticker, -cmd.amount);
  addTo(to.main, cmd.ticker, cmd.amount);
  const record: SubAccountTransfer = {
    transactionId: cmd.transactionId,
    direction: cmd.direction,
    ticker: cmd.ticker,
    amount: cmd.amount,
    time: ctx.time,
  };
  sub.transfers.push(record);
  return ok(record);
}
