import { ok, reject, type Result } from '../commands/rejection.js';
import type { RequestWithdrawal } from '../commands/wallet-commands.js';
import { formatUnits } from '../money/decimal.js';
import { resolveNetwork, type AssetSpec } from '../spec/asset.js';
import { feeFor } from '../spec/fee.js';
import { depositAddressKey } from '../state/deposit-address.js';
import type { State } from '../state/state.js';
import type { User } from '../state/user.js';
import { debitOf } from '../state/withdrawal.js';

/** What a withdrawal asks for, whether it is being requested or a held one confirmed. */
export type WithdrawalTerms = Pick<
  RequestWithdrawal,
  'ticker' | 'network' | 'address' | 'memo' | 'amount' | 'feeMode' | 'partialEnable'
>;

export interface CheckedWithdrawal {
  /** The network resolved (the asset's default when none was named). */
  readonly network: string;
  readonly fee: bigint;
  readonly debit: bigint;
}

/**
 * Whether `user` may withdraw `terms` of `asset` now: the asset and network allow it, the amount is
 * within the network's limits and above an inclusive fee, the main balance covers the debit, and the
 * address is not one of the user's own deposit addresses. Changes nothing.
 */
export function checkWithdrawal(
  state: State,
  user: User,
  asset: AssetSpec,
  terms: WithdrawalTerms,
): Result<CheckedWithdrawal> {
  // The contract (spec §4.8) requires the ticker to be depositable as well as withdrawable.
  if (!asset.canDeposit) return reject('ASSET_NOT_DEPOSITABLE', { ticker: terms.ticker });
  if (!asset.canWithdraw) return reject('ASSET_NOT_WITHDRAWABLE', { ticker: terms.ticker });
  const network = resolveNetwork(asset, terms.network);
  if (network === undefined) return reject('UNKNOWN_NETWORK', { ticker: terms.ticker, network: terms.network ?? '' });
  if (!network.canWithdraw) return reject('NETWORK_NOT_WITHDRAWABLE', { ticker: terms.ticker, network: network.name });
  if (terms.amount <= 0n) return reject('AMOUNT_NOT_POSITIVE');

  const show = (v: bigint): string => formatUnits(v, asset.precision);
  const limits = network.withdraw;
  if (terms.amount < limits.min) return reject('WITHDRAWAL_BELOW_MIN', { min: show(limits.min) });
  const max = terms.partialEnable && network.partialWithdrawMax > 0n ? network.partialWithdrawMax : limits.max;
  if (max > 0n && terms.amount > max) return reject('WITHDRAWAL_ABOVE_MAX', { max: show(max) });
  const fee = feeFor(network.withdrawFee, terms.amount);
  if (terms.feeMode === 'inclusive' && terms.amount <= fee)
    return reject('WITHDRAWAL_NOT_ABOVE_FEE', { fee: show(fee) });
  const debit = debitOf(terms.feeMode, terms.amount, fee);
  const balance = user.main.get(terms.ticker) ?? 0n;
  if (balance < debit) {
    return reject('WITHDRAWAL_INSUFFICIENT_FUNDS', {
      name: asset.name,
      balance: show(balance),
      required: show(debit),
      fee: show(fee),
    });
  }
  const own = state.depositAddresses.get(depositAddressKey(user.name, terms.ticker, network.name)) ?? [];
  if (own.some((a) => a.address === terms.address && (a.memo === null || a.memo === terms.memo))) {
    return reject('WITHDRAWAL_TO_OWN_ADDRESS', { address: terms.address });
  }
  return ok({ network: network.name, fee, debit });
}
