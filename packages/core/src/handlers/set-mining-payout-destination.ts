import type { ApplyContext } from '../commands/context.js';
import type { MiningPayoutSetting, SetMiningPayoutDestination } from '../commands/mining-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { findMiningAccount, MAX_PAYOUT_ADDRESS_LENGTH } from '../state/mining.js';
import type { State } from '../state/state.js';

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
