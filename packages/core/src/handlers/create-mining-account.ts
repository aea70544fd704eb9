import type { ApplyContext } from '../commands/context.js';
import type { CreatedMiningAccount, CreateMiningAccount } from '../commands/mining-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { isMiningAccountName, MAX_MINING_ACCOUNTS_PER_USER, type MiningAccount } from '../state/mining.js';
import type { State } from '../state/state.js';

export function createMiningAccount(
  state: State,
  cmd: CreateMiningAccount,
  ctx: ApplyContext,
): Result<CreatedMiningAccount> {
  if (!state.users.has(cmd.user)) return reject('UNKNOWN_USER', { user: cmd.user });
  if (!isMiningAccountName(cmd.name)) return reject('MINING_ACCOUNT_NAME_INVALID', { account: cmd.name });
  const owned = state.mining.accounts.get(cmd.user);
  if (owned?.has(cmd.name) === true) return reject('MINING_ACCOUNT_EXISTS', { user: cmd.user, account: cmd.name });
  if ((owned?.size ?? 0) >= MAX_MINING_ACCOUNTS_PER_USER) {
    return reject('MINING_ACCOUNT_LIMIT', { user: cmd.user, limit: String(MAX_MINING_ACCOUNTS_PER_USER) });
  }

  const account: MiningAccount = {
    user: cmd.user,
    name: cmd.name,
    seq: ctx.seq,
    createdAt: ctx.time,
    payoutDestination: 'main_balance',
    externalAddress: null,
  };
  if (owned === undefined) state.mining.accounts.set(cmd.user, new Map([[cmd.name, account]]));
  else owned.set(cmd.name, account);
  ctx.emit({ type: 'MiningAccountCreated', user: cmd.user, account: cmd.name, time: ctx.time });
  return ok({ user: cmd.user, name: cmd.name, createdAt: ctx.time });
}
