import type { ApplyContext } from '../commands/context.js';
import type { CreateUser } from '../commands/venue-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { State } from '../state/state.js';
import { newUser } from '../state/user.js';

export function createUser(state: State, cmd: CreateUser, ctx: ApplyContext): Result<{ name: string; eea: boolean }> {
  if (state.users.has(cmd.name)) return reject('USER_EXISTS', { user: cmd.name });
  state.users.set(cmd.name, newUser(state.nextUserId++, cmd.name, cmd.eea));
  ctx.emit({ type: 'UserCreated', user: cmd.name, eea: cmd.eea });
  return ok({ name: cmd.name, eea: cmd.eea });
}
