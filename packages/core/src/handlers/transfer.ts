import type { ApplyContext } from '../commands/context.js';
import type { Transfer } from '../commands/wallet-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { AccountKind } from '../events/event.js';
import { formatUnits } from '../money/decimal.js';
import { addTo } from '../state/ledger.js';
import type { State } from '../state/state.js';
import { spotBalance, type User } from '../state/user.js';
import { repayOnArrival, withdrawable } from '../collateral/transfers.js';

function available(state: State, user: User, account: AccountKind, ticker: string, now: number): bigint {
  switch (account) {
    case 'main':
      return user.main.get(ticker) ?? 0n;
    case 'spot':
      return user.spot.get(ticker)?.available ?? 0n;
    case 'collateral':
      return withdrawable(state, user, ticker, now);
  }
}

function move(user: User, account: AccountKind, ticker: string, delta: bigint): void {
  switch (account) {
    case 'main':
      addTo(user.main, ticker, delta);
      return;
    case 'spot':
      spotBalance(user, ticker).available += delta;
      return;
    case 'collateral':
      addTo(user.collateral, ticker, delta);
      return;
  }
}

/**
 * A sub-account moves funds into its spot or collateral balance only where its permissions allow;
 * out of them, always. Users that are not sub-accounts are not concerned (older journals hold none).
 */
function subAccountMayFund(state: State, cmd: Transfer): boolean {
  const sub = state.subAccounts.get(cmd.user);
  if (sub === undefined) return true;
  if (cmd.to === 'spot') return sub.spotEnabled;
  if (cmd.to === 'collateral') return sub.collateralEnabled;
  return true;
}

export function transfer(state: State, cmd: Transfer, ctx: ApplyContext): Result<null> {
  const user = state.users.get(cmd.user);
  if (user === undefined) return reject('UNKNOWN_USER', { user: cmd.user });
  const asset = state.assets.get(cmd.ticker);
  if (asset === undefined) return reject('UNKNOWN_ASSET', { ticker: cmd.ticker });
  if (cmd.from === cmd.to) return reject('TRANSFER_SAME_ACCOUNT');
  if (cmd.amount <= 0n) return reject('AMOUNT_NOT_POSITIVE');
  if (!subAccountMayFund(state, cmd)) return reject('SUB_ACCOUNT_NOT_PERMITTED');
  const have = available(state, user, cmd.from, cmd.ticker, ctx.time);
  if (have < cmd.amount) {
    return reject('TRANSFER_INSUFFICIENT_FUNDS', {
      available: formatUnits(have, asset.precision),
      amount: formatUnits(cmd.amount, asset.precision),
    });
  }
  move(user, cmd.from, cmd.ticker, -cmd.amount);
  move(user, cmd.to, cmd.ticker, cmd.amount);
  if (cmd.to === 'collateral') repayOnArrival(state, user, cmd.ticker, ctx.time);
  ctx.emit({
    type: 'Transferred',
    user: cmd.user,
    ticker: cmd.ticker,
    amount: cmd.amount,
    from: cmd.from,
    to: cmd.to,
    time: ctx.time,
  });
  return ok(null);
}
