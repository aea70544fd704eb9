import type { ApplyContext } from '../commands/context.js';
import type { AssignDepositAddress } from '../commands/wallet-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { networkOf } from '../spec/asset.js';
import { depositAddressKey, depositOwnerKey, type DepositAddress } from '../state/deposit-address.js';
import type { State } from '../state/state.js';

export function nextAddressIndex(state: State, counter: string): number {
  return state.addressCounters.get(counter) ?? 0;
}

export function assignDepositAddress(
  state: State,
  cmd: AssignDepositAddress,
  ctx: ApplyContext,
): Result<DepositAddress> {
  if (!state.users.has(cmd.user)) return reject('UNKNOWN_USER', { user: cmd.user });
  const asset = state.assets.get(cmd.ticker);
  if (asset === undefined) return reject('UNKNOWN_ASSET', { ticker: cmd.ticker });
  if (!asset.canDeposit) return reject('ASSET_NOT_DEPOSITABLE', { ticker: cmd.ticker });
  const network = networkOf(asset, cmd.network);
  if (network === undefined) return reject('UNKNOWN_NETWORK', { ticker: cmd.ticker, network: cmd.network });
  if (!network.canDeposit) return reject('NETWORK_NOT_DEPOSITABLE', { ticker: cmd.ticker, network: cmd.network });
  const key = depositAddressKey(cmd.user, cmd.ticker, cmd.network);
  const held = state.depositAddresses.get(key) ?? [];
  if (!cmd.fresh && held.length > 0) return reject('DEPOSIT_ADDRESS_EXISTS');
  if (held.length >= cmd.limit) return reject('DEPOSIT_ADDRESS_LIMIT');
  const a = cmd.address;
  if (a.index !== nextAddressIndex(state, a.counter)) return reject('DEPOSIT_ADDRESS_INDEX_MISMATCH');
  const ownerKey = depositOwnerKey(cmd.network, a.address, a.memo);
  if (state.depositOwners.has(ownerKey)) return reject('DEPOSIT_ADDRESS_TAKEN', { address: a.address });

  state.addressCounters.set(a.counter, a.index + 1);
  state.depositAddresses.set(key, [...held, a]);
  state.depositOwners.set(ownerKey, { user: cmd.user, ticker: cmd.ticker, network: cmd.network });
  ctx.emit({
    type: 'DepositAddressAssigned',
    user: cmd.user,
    ticker: cmd.ticker,
    network: cmd.network,
    address: a,
  });
  return ok(a);
}
