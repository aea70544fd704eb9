import type { ApplyContext } from '../commands/context.js';
import type { CreditDeposit, DepositOutcome } from '../commands/wallet-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { formatUnits } from '../money/decimal.js';
import { networkOf } from '../spec/asset.js';
import { feeFor } from '../spec/fee.js';
import { depositOwnerKey } from '../state/deposit-address.js';
import { addTo } from '../state/ledger.js';
import { closedToCredits } from '../state/deleted-sub-accounts.js';
import type { State } from '../state/state.js';

export function depositKey(network: string | null, txid: string): string {
  return `${network ?? ''}:${txid}`;
}

/**
 * The deposit already credited for this chain transaction (network, txid); `conflict`
 * when it was credited with other details (the same transaction must describe the same credit: anything
 * else is a mistake to surface); undefined when it is new. Reporters may ask before submitting, so
 * that a chain re-scanned after a restart does not journal a command per transaction seen again.
 */
export function creditedBefore(
  state: State,
  cmd: Pick<CreditDeposit, 'user' | 'ticker' | 'amount' | 'network' | 'txid'>,
): { readonly transactionId: string } | 'conflict' | undefined {
  if (cmd.txid === null) return undefined;
  const seen = state.deposits.get(depositKey(cmd.network, cmd.txid));
  if (seen === undefined) return undefined;
  if (seen.user !== cmd.user || seen.ticker !== cmd.ticker || seen.amount !== cmd.amount) return 'conflict';
  return { transactionId: seen.transactionId };
}

export function creditDeposit(state: State, cmd: CreditDeposit, ctx: ApplyContext): Result<DepositOutcome> {
  const user = state.users.get(cmd.user);
  if (user === undefined) return reject('UNKNOWN_USER', { user: cmd.user });
  const asset = state.assets.get(cmd.ticker);
  if (asset === undefined) return reject('UNKNOWN_ASSET', { ticker: cmd.ticker });
  const before = creditedBefore(state, cmd);
  if (before === 'conflict') return reject('DEPOSIT_TXID_CONFLICT', { txid: cmd.txid ?? '' });
  if (before !== undefined) return ok({ transactionId: before.transactionId, duplicate: true });
  if (!asset.canDeposit) return reject('ASSET_NOT_DEPOSITABLE', { ticker: cmd.ticker });
  if (closedToCredits(state, cmd.user)) return reject('SUB_ACCOUNT_DELETED', { user: cmd.user });
  if (cmd.amount <= 0n) return reject('AMOUNT_NOT_POSITIVE');
  let fee = 0n;
  if (cmd.network !== null) {
    const network = networkOf(asset, cmd.network);
    if (network === undefined) return reject('UNKNOWN_NETWORK', { ticker: cmd.ticker, network: cmd.network });
    if (!network.canDeposit) return reject('NETWORK_NOT_DEPOSITABLE', { ticker: cmd.ticker, network: cmd.network });
    const show = (v: bigint): string => formatUnits(v, asset.precision);
    if (cmd.amount < network.deposit.min) return reject('DEPOSIT_BELOW_MIN', { min: show(network.deposit.min) });
    if (network.deposit.max > 0n && cmd.amount > network.deposit.max) {
      return reject('DEPOSIT_ABOVE_MAX', { max: show(network.deposit.max) });
    }
    fee = feeFor(network.depositFee, cmd.amount);
    if (fee >= cmd.amount) return reject('DEPOSIT_NOT_ABOVE_FEE', { fee: show(fee) });
    if (cmd.address !== null) {
      const owner = state.depositOwners.get(depositOwnerKey(cmd.network, cmd.address, cmd.memo));
      if (owner !== undefined && owner.user !== cmd.user) {
        return reject('DEPOSIT_ADDRESS_OF_OTHER_USER', { address: cmd.address });
      }
    }
  }

  addTo(user.main, cmd.ticker, cmd.amount - fee);
  addTo(state.ledger.deposited, cmd.ticker, cmd.amount);
  if (fee > 0n) addTo(state.ledger.fees, cmd.ticker, fee);
  if (cmd.txid !== null) {
    state.deposits.set(depositKey(cmd.network, cmd.txid), {
      transactionId: cmd.transactionId,
      user: cmd.user,
      ticker: cmd.ticker,
      amount: cmd.amount,
    });
  }
  ctx.emit({
    type: 'DepositCredited',
    transactionId: cmd.transactionId,
    user: cmd.user,
    ticker: cmd.ticker,
    amount: cmd.amount,
    fee,
    network: cmd.network,
    txid: cmd.txid,
    address: cmd.address,
    memo: cmd.memo,
    time: ctx.time,
  });
  return ok({ transactionId: cmd.transactionId, duplicate: false });
}
