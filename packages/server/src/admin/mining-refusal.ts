import { MAX_MINING_ACCOUNTS_PER_USER, MINING_REWARD_TICKER, type Rejection } from '@txc/core';
import { AdminError } from './admin-input.js';

export interface MiningAccountRef {
  readonly user: string;
  readonly name: string;
}

export function refused(r: Rejection, user: string, account: string): AdminError {
  switch (r.reason) {
    case 'UNKNOWN_USER':
      return new AdminError('adminNotFound', `User ${user} not found.`);
    case 'SUB_ACCOUNT_DELETED':
      return new AdminError('adminConflict', `User ${user} is a deleted sub-account: it is credited nothing.`);
    case 'MINING_ACCOUNT_NOT_FOUND':
      return new AdminError('adminNotFound', `Mining account ${account} of user ${user} not found.`);
    case 'MINING_ACCOUNT_EXISTS':
      return new AdminError('adminConflict', `Mining account ${account} of user ${user} already exists.`);
    case 'MINING_ACCOUNT_LIMIT':
      return new AdminError(
        'adminConflict',
        `User ${user} already has the maximum of ${MAX_MINING_ACCOUNTS_PER_USER} mining accounts.`,
      );
    case 'UNKNOWN_ASSET':
      return new AdminError('adminConflict', `The venue has no ${MINING_REWARD_TICKER} asset to pay rewards in.`);
    default:
      return new AdminError('adminBadRequest', `Refused: ${r.reason}.`);
  }
}
