import type { ApplyContext } from '../commands/context.js';
import type { CodeOutcome, CreateCode } from '../commands/code-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { formatUnits } from '../money/decimal.js';
import { noteCodeHistory, type Code } from '../state/codes.js';
import { addTo } from '../state/ledger.js';
import type { State } from '../state/state.js';

export function createCode(state: State, cmd: CreateCode, ctx: ApplyContext): Result<CodeOutcome> {
  const user = state.users.get(cmd.user);
  if (user === undefined) return reject('UNKNOWN_USER', { user: cmd.user });
  const asset = state.assets.get(cmd.ticker);
  if (asset === undefined) return reject('UNKNOWN_ASSET', { ticker: cmd.ticker });
  if (state.codes.byCode.has(cmd.code)) return reject('CODE_EXISTS');
  if (asset.kind === 'fiat') return reject('CODE_FIAT', { ticker: cmd.ticker });
  if (!asset.canWithdraw) return reject('ASSET_NOT_WITHDRAWABLE', { ticker: cmd.ticker });
  if (cmd.amount <= 0n) return reject('AMOUNT_NOT_POSITIVE');
  const balance = user.main.get(cmd.ticker) ?? 0n;
  if (balance < cmd.amount) {
    return reject('CODE_INSUFFICIENT_FUNDS', {
      name: asset.name,
      balance: formatUnits(balance, asset.precision),
    });
  }
  const code: Code = {
    code: cmd.code,
    externalId: cmd.externalId,
    creator: cmd.user,
    ticker: cmd.ticker,
    amount: cmd.amount,
    passphraseDigest: cmd.passphraseDigest,
    description: cmd.description,
    createdAt: ctx.time,
    applied: null,
  };
  addTo(user.main, cmd.ticker, -cmd.amount);
  state.codes.byCode.set(cmd.code, code);
  noteCodeHistory(state.codes, cmd.user, { code: cmd.code, applied: false });
  const outcome: CodeOutcome = { code: cmd.code, externalId: cmd.externalId, ticker: cmd.ticker, amount: cmd.amount };
  ctx.emit({ type: 'CodeCreated', user: cmd.user, ...outcome, time: ctx.time });
  return ok(outcome);
}
