import type { ApplyContext } from '../commands/context.js';
import type { ConfirmHeldWithdrawal } from '../commands/held-withdrawal-commands.js';
import type { WithdrawalAccepted } from '../commands/wallet-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { State } from '../state/state.js';
import type { PendingWithdrawal } from '../state/withdrawal.js';
import { checkWithdrawal } from './check-withdrawal.js';
import { openWithdrawal } from './open-withdrawal.js';

/**
 * Releases a held withdrawal of one of `parent`'s sub-accounts: checked again against the
 * sub-account's balance and the network's terms as they are now, then debited as a new withdrawal
 * would be. It keeps its transaction id, unique id and creation time. Refused, and left held, when
 * the check fails; refused once its retention has run out, even before the timer expires it.
 */
export function confirmHeldWithdrawal(
  state: State,
  cmd: ConfirmHeldWithdrawal,
  ctx: ApplyContext,
): Result<WithdrawalAccepted> {
  const held = state.heldWithdrawals.get(cmd.transactionId);
  if (held === undefined) return reject('HELD_WITHDRAWAL_NOT_FOUND', { transactionId: cmd.transactionId });
  if (held.parent !== cmd.parent) return reject('HELD_WITHDRAWAL_NOT_OWN', { transactionId: cmd.transactionId });
  if (held.expiresAt <= ctx.time) return reject('HELD_WITHDRAWAL_EXPIRED', { transactionId: cmd.transactionId });
  const user = state.users.get(held.user);
  if (user === undefined) return reject('UNKNOWN_USER', { user: held.user });
  const asset = state.assets.get(held.ticker);
  if (asset === undefined) return reject('UNKNOWN_ASSET', { ticker: held.ticker });
  const checked = checkWithdrawal(state, user, asset, held);
  if (!checked.ok) return checked;
  const { network, fee, debit } = checked.value;

  const withdrawal: PendingWithdrawal = {
    transactionId: held.transactionId,
    user: held.user,
    uniqueId: held.uniqueId,
    ticker: held.ticker,
    network,
    address: held.address,
    memo: held.memo,
    amount: held.amount,
    fee,
    feeMode: held.feeMode,
    debit,
    partialEnable: held.partialEnable,
    createdAt: held.createdAt,
  };
  state.heldWithdrawals.delete(held.transactionId);
  openWithdrawal(state, user, withdrawal);
  ctx.emit({ type: 'HeldWithdrawalConfirmed', withdrawal, time: ctx.time });
  return ok({ transactionId: held.transactionId, network, fee, debit, held: false });
}
