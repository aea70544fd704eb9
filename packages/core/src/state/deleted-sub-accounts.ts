import { follows, RULES } from './rules.js';
import type { State } from './state.js';

/**
 * Whether `user` is credited nothing (a deposit, a mining reward to its balance, a code): a deleted
 * sub-account, from the rules that close it. Nobody could reach what it would hold.
 */
export function closedToCredits(state: State, user: string): boolean {
  return follows(state, RULES.deletedSubAccountsClosed) && state.subAccounts.get(user)?.status === 'deleted';
}
