import type { ApplyContext } from '../commands/context.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { SetUserFee, UserFeeSetting } from '../commands/venue-commands.js';
import { RATE_SCALE } from '../money/rate.js';
import type { State } from '../state/state.js';
import { ALL_MARKETS, type FeeOverride } from '../state/user-fees.js';

function valid(rate: bigint | null): boolean {
  return rate === null || (rate >= 0n && rate <= RATE_SCALE);
}

export function setUserFee(state: State, cmd: SetUserFee, ctx: ApplyContext): Result<UserFeeSetting> {
  if (!state.users.has(cmd.user)) return reject('UNKNOWN_USER', { user: cmd.user });
  if (cmd.market !== null && !state.markets.has(cmd.market)) {
    return reject('MARKET_NOT_AVAILABLE', { market: cmd.market });
  }
  if (!valid(cmd.maker) || !valid(cmd.taker)) return reject('FEE_RATE_INVALID');
  const key = cmd.market ?? ALL_MARKETS;
  let own = state.userFees.get(cmd.user);
  if (cmd.maker === null && cmd.taker === null) {
    // nothing of the user's own is kept: a state without overrides encodes as one that never had any
    own?.delete(key);
    if (own?.size === 0) state.userFees.delete(cmd.user);
  } else {
    if (own === undefined) state.userFees.set(cmd.user, (own = new Map<string, FeeOverride>()));
    own.set(key, { maker: cmd.maker, taker: cmd.taker });
  }
  const setting: UserFeeSetting = { user: cmd.user, market: cmd.market, maker: cmd.maker, taker: cmd.taker };
  ctx.emit({ type: 'UserFeeSet', ...setting, time: ctx.time });
  return ok(setting);
}
