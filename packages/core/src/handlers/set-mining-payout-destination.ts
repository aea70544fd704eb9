import type { ApplyContext } from '../commands/context.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { findMiningAccount, MAX_PAYOUT_ADDRESS_LENGTH, type PayoutDestination } from '../state/mining.js';
import type { State } from '../state/state.js';

/**
 * Chooses where a mining account's rewards go. The address is checked at the edge (a mainnet
 * Bitcoin address needs hashing the engine does not do); here it must be present exactly when the
 * destination is external, and going back to the main balance forgets it.
 */
export interface SetMiningPayoutDestination {
  readonly type: 'SetMiningPayoutDestination';
  readonly user: string;
  readonly account: string;
  readonly destination: PayoutDestination;
  readonly address: string | null;
}

export interface MiningPayoutSetting {
  readonly payoutDestination: PayoutDestination;
  readonly externalAddress: string | null;
}

export function setMiningPayoutDestination(
  state: State,
  cmd: SetMiningPayoutDestination,
  ctx: ApplyContext,
): Result<MiningPayoutSetting> {
  const account = findMiningAccount(state.mining, cmd.user, cmd.account);
  if (account === undefined) return reject('MINING_ACCOUNT_NOT_FOUND', { user: cmd.user, account: cmd.account });
  let address: string | null = null;
  if (cmd.destination === 'external_address') {
    if (cmd.address === null || cmd.address === '') return reject('MINING_ADDRESS_REQUIRED');
    if (cmd.address.length > MAX_PAYOUT_ADDRESS_LENGTH) return reject('MINING_ADDRESS_INVALID');
    address = cmd.address;
  }

  account.payoutDestination = cmd.destination;
  account.externalAddress = address;
  ctx.emit({
    type: 'MiningPayoutDestinationSet',
    user: cmd.user,
    account: cmd.account,
    destination: cmd.destination,
    address,
    time: ctx.time,
  });
  return ok({ payoutDestination: cmd.destination, externalAddress: address });
}
