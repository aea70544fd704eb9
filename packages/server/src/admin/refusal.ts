import type { Rejection } from '@txc/core';
import { AdminError } from './admin-input.js';

/** An engine rejection of an admin command, as the admin API answers it. */
export function rejected(r: Rejection): AdminError {
  switch (r.reason) {
    case 'USER_EXISTS':
      return new AdminError('adminConflict', `User ${r.params?.user} already exists.`);
    case 'UNKNOWN_USER':
      return new AdminError('adminNotFound', `User ${r.params?.user} not found.`);
    case 'DEPOSIT_TXID_CONFLICT':
      return new AdminError('adminConflict', `Transaction ${r.params?.txid} was already credited with other details.`);
    case 'ASSET_NOT_DEPOSITABLE':
      return new AdminError('adminConflict', `Deposits of ${r.params?.ticker} are disabled.`);
    default:
      return new AdminError('adminBadRequest', `Refused: ${r.reason}.`);
  }
}
