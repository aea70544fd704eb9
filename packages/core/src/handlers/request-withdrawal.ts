import type { ApplyContext } from '../commands/context.js';
import type { RequestWithdrawal, WithdrawalAccepted } from '../commands/wallet-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { formatUnits } from '../money/decimal.js';
import { resolveNetwork } from '../spec/asset.js';
import { feeFor } from '../spec/fee.js';
import { depositAddressKey } from '../state/deposit-address.js';
import { addTo } from '../state/ledger.js';
import type { State } from '../state/state.js';
import { debitOf, withdrawalKey, type PendingWithdrawal } from '../state/withdrawal.js';

export function requestWithdrawal(state: State, cmd: RequestWithdrawal, ctx: ApplyContext): Result<WithdrawalAccepted> {
  const user = state.users.get(cmd.user);
  if (user === undefined) return reject('UNKNOWN_USER', { user: cmd.user });
  const asset = state.assets.get(cmd.ticker);
  if (asset === undefined) return reject('UNKNOWN_ASSET', { ticker: cmd.ticker });
  if (state.withdrawalIds.has(withdrawalKey(cmd.user, cmd.uniqueId))) {
    return reject('WITHDRAWAL_UNIQUE_ID_TAKEN', { uniqueId: cmd.uniqueId });
  }
  // The contract (spec §4.8) requires the ticker to be depositable as well as withdrawable.
  if (!asset.canDeposit) return reject('ASSET_NOT_DEPOSITABLE', { ticker: cmd.ticker });
  if (!asset.canWithdraw) return reject('ASSET_NOT_WITHDRAWABLE', { ticker: cmd.ticker });
  const network = resolveNetwork(asset, cmd.network);
  if (network === undefined) return reject('UNKNOWN_NETWORK', { ticker: cmd.ticker, network: cmd.network ?? '' });
  if (!network.canWithdraw) return reject('NETWORK_NOT_WITHDRAWABLE', { ticker: cmd.ticker, network: network.name });
  if (cmd.amount <= 0n) return reject('AMOUNT_NOT_POSITIVE');

  const show = (v: bigint): string => formatUnits(v, asset.precision);
  const limits = network.withdraw;
  if (cmd.amount < limits.min) return reject('WITHDRAWAL_BELOW_MIN', { min: show(limits.min) });
  const max = cmd.partialEnable && network.partialWithdrawMax > 0n ? network.partialWithdrawMax : limits.max;
  if (max > 0n && cmd.amount > max) return reject('WITHDRAWAL_ABOVE_MAX', { max: show(max) });
  const fee = feeFor(network.withdrawFee, cmd.amount);
  if (cmd.feeMode === 'inclusive' && cmd.amount <= fee) return reject('WITHDRAWAL_NOT_ABOVE_FEE', { fee: show(fee) });
  const debit = debitOf(cmd.feeMode, cmd.amount, fee);
  const balance = user.main.get(cmd.ticker) ?? 0n;
  if (balance < debit) {
    return reject('WITHDRAWAL_INSUFFICIENT_FUNDS', {
      name: asset.name,
      balance: show(balance),
      required: show(debit),
      fee: show(fee),
    });
  }
  const own = state.depositAddresses.get(depositAddressKey(cmd.user, cmd.ticker, network.name)) ?? [];
  if (own.some((a) => a.address === cmd.address && (a.memo === null || a.memo === cmd.memo))) {
    return reject('WITHDRAWAL_TO_OWN_ADDRESS', { address: cmd.address });
  }

  const withdrawal: PendingWithdrawal = {
    transactionId: cmd.transactionId,
    user: cmd.user,
    uniqueId: cmd.uniqueId,
    ticker: cmd.ticker,
    network: network.name,
    address: cmd.address,
    memo: cmd.memo,
    amount: cmd.amount,
    fee,
    feeMode: cmd.feeMode,
    debit,
    partialEnable: cmd.partialEnable,
    createdAt: ctx.time,
  };
  addTo(user.main, cmd.ticker, -debit);
  addTo(state.ledger.pendingWithdrawals, cmd.ticker, debit);
  state.withdrawals.set(cmd.transactionId, withdrawal);
  state.withdrawalIds.set(withdrawalKey(cmd.user, cmd.uniqueId), cmd.transactionId);
  ctx.emit({ type: 'WithdrawalRequested', withdrawal });
  return ok({ transactionId: cmd.transactionId, network: network.name, fee, debit });
}
