import type { ApplyContext } from '../commands/context.js';
import type { RequestWithdrawal, WithdrawalAccepted } from '../commands/wallet-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { HELD_WITHDRAWAL_RETENTION, type HeldWithdrawal } from '../state/held-withdrawals.js';
import { follows, RULES } from '../state/rules.js';
import type { State } from '../state/state.js';
import { withdrawalKey, type PendingWithdrawal, type WithdrawalRequest } from '../state/withdrawal.js';
import { checkWithdrawal, type CheckedWithdrawal } from './check-withdrawal.js';
import { openWithdrawal } from './open-withdrawal.js';

export function requestWithdrawal(state: State, cmd: RequestWithdrawal, ctx: ApplyContext): Result<WithdrawalAccepted> {
  const user = state.users.get(cmd.user);
  if (user === undefined) return reject('UNKNOWN_USER', { user: cmd.user });
  const asset = state.assets.get(cmd.ticker);
  if (asset === undefined) return reject('UNKNOWN_ASSET', { ticker: cmd.ticker });
  if (state.withdrawalIds.has(withdrawalKey(cmd.user, cmd.uniqueId))) {
    return reject('WITHDRAWAL_UNIQUE_ID_TAKEN', { uniqueId: cmd.uniqueId });
  }
  const checked = checkWithdrawal(state, user, asset, cmd);
  if (!checked.ok) return checked;
  const { network, fee, debit } = checked.value;
  state.withdrawalIds.set(withdrawalKey(cmd.user, cmd.uniqueId), cmd.transactionId);

  const sub = follows(state, RULES.heldSubAccountWithdrawals) ? state.subAccounts.get(cmd.user) : undefined;
  if (sub !== undefined) return hold(state, cmd, sub.parent, checked.value, ctx);
  const withdrawal: PendingWithdrawal = {
    transactionId: cmd.transactionId,
    user: cmd.user,
    ...requested(cmd, network),
    fee,
    feeMode: cmd.feeMode,
    debit,
    partialEnable: cmd.partialEnable,
    createdAt: ctx.time,
  };
  openWithdrawal(state, user, withdrawal);
  ctx.emit({ type: 'WithdrawalRequested', withdrawal });
  return ok({ transactionId: cmd.transactionId, network, fee, debit, held: false });
}

/** A sub-account's request, checked and recorded, waits for `parent` with nothing debited. */
function hold(
  state: State,
  cmd: RequestWithdrawal,
  parent: string,
  { network, fee }: CheckedWithdrawal,
  ctx: ApplyContext,
): Result<WithdrawalAccepted> {
  const withdrawal: HeldWithdrawal = {
    transactionId: cmd.transactionId,
    user: cmd.user,
    parent,
    ...requested(cmd, network),
    feeMode: cmd.feeMode,
    partialEnable: cmd.partialEnable,
    createdAt: ctx.time,
    expiresAt: ctx.time + HELD_WITHDRAWAL_RETENTION,
  };
  state.heldWithdrawals.set(cmd.transactionId, withdrawal);
  ctx.emit({ type: 'WithdrawalHeld', withdrawal, fee });
  return ok({ transactionId: cmd.transactionId, network, fee, debit: 0n, held: true });
}

/**
 * What the request names, the same in a pending and a held withdrawal. Spread where these fields
 * have always stood: the state's text, which its hash is taken of, keeps its keys in that order.
 */
function requested(
  cmd: RequestWithdrawal,
  network: string,
): Pick<WithdrawalRequest, 'uniqueId' | 'ticker' | 'network' | 'address' | 'memo' | 'amount'> {
  return {
    uniqueId: cmd.uniqueId,
    ticker: cmd.ticker,
    network,
    address: cmd.address,
    memo: cmd.memo,
    amount: cmd.amount,
  };
}
