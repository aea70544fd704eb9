import type { ApplyContext } from '../commands/context.js';
import type { ApplyCode, CodeOutcome } from '../commands/code-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { noteCodeHistory } from '../state/codes.js';
import { addTo } from '../state/ledger.js';
import { closedToCredits } from '../state/deleted-sub-accounts.js';
import type { State } from '../state/state.js';

export function applyCode(state: State, cmd: ApplyCode, ctx: ApplyContext): Result<CodeOutcome> {
  const user = state.users.get(cmd.user);
  if (user === undefined) return reject('UNKNOWN_USER', { user: cmd.user });
  if (closedToCredits(state, cmd.user)) return reject('SUB_ACCOUNT_DELETED', { user: cmd.user });
  const code = state.codes.byCode.get(cmd.code);
  // the passphrase first: a wrong one says nothing of the code, not even that it was applied
  if (code === undefined || code.passphraseDigest !== cmd.passphraseDigest) return reject('CODE_NOT_FOUND');
  if (code.creator === cmd.user) return reject('CODE_OWN');
  if (code.applied !== null) return reject('CODE_ALREADY_APPLIED');
  code.applied = { user: cmd.user, at: ctx.time };
  addTo(user.main, code.ticker, code.amount);
  noteCodeHistory(state.codes, cmd.user, { code: code.code, applied: true });
  const outcome: CodeOutcome = {
    code: code.code,
    externalId: code.externalId,
    ticker: code.ticker,
    amount: code.amount,
  };
  ctx.emit({ type: 'CodeApplied', user: cmd.user, creator: code.creator, ...outcome, time: ctx.time });
  return ok(outcome);
}
