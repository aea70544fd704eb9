import type { ApplyContext } from '../commands/context.js';
import type { ExpireHeldWithdrawal } from '../commands/held-withdrawal-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { HeldWithdrawal } from '../state/held-withdrawals.js';
import type { State } from '../state/state.js';

/** Ends a held withdrawal whose retention has run out; it moved nothing, so nothing goes back. */
export function expireHeldWithdrawal(
  state: State,
  cmd: ExpireHeldWithdrawal,
  ctx: ApplyContext,
): Result<HeldWithdrawal> {
  const held = state.heldWithdrawals.get(cmd.transactionId);
  if (held === undefined || held.expiresAt > ctx.time) return reject('HELD_WITHDRAWAL_NOT_DUE');
  state.heldWithdrawals.delete(held.transactionId);
  ctx.emit({ type: 'HeldWithdrawalExpired', withdrawal: held, time: ctx.time });
  return ok(held);
}
