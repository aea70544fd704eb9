import type { ApplyContext } from '../commands/context.js';
import type { AdoptRules } from '../commands/venue-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { CURRENT_RULES } from '../state/rules.js';
import type { State } from '../state/state.js';

/**
 * Refused for a version not newer than the venue's, and for one this engine does not know: a
 * journal written by a newer engine does not replay on an older one.
 */
export function adoptRules(state: State, cmd: AdoptRules, _ctx: ApplyContext): Result<{ version: number }> {
  if (!Number.isInteger(cmd.version) || cmd.version > CURRENT_RULES) return reject('RULES_UNKNOWN');
  if (cmd.version <= state.rules) return reject('RULES_NOT_NEWER');
  state.rules = cmd.version;
  return ok({ version: cmd.version });
}
