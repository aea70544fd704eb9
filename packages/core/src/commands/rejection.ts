/**
 * Why the engine refused a command. The SDK's error catalogue maps each reason to the API's
 * code, message and HTTP status; `params` fill the message template.
 */
export type RejectReason =
  | 'USER_EXISTS'
  | 'UNKNOWN_USER'
  | 'UNKNOWN_ASSET'
  | 'ASSET_PRECISION_FIXED'
  | 'UNKNOWN_MARKET_ASSET'
  | 'ASSET_NOT_DEPOSITABLE'
  | 'DEPOSIT_TXID_CONFLICT'
  | 'AMOUNT_NOT_POSITIVE'
  | 'TRANSFER_INSUFFICIENT_FUNDS'
  | 'TRANSFER_SAME_ACCOUNT'
  | 'MINING_ACCOUNT_NAME_INVALID'
  | 'MINING_ACCOUNT_EXISTS'
  | 'MINING_ACCOUNT_LIMIT'
  | 'MINING_ACCOUNT_NOT_FOUND'
  | 'MINING_ADDRESS_REQUIRED'
  | 'MINING_ADDRESS_INVALID'
  | 'MINING_REWARD_FEE_NEGATIVE'
  | 'MINING_REWARD_RATE_INVALID'
  | 'MINING_PAYOUT_HASH_REQUIRED'
  | 'UNKNOWN_NETWORK'
  | 'NETWORK_NOT_DEPOSITABLE'
  | 'NETWORK_NOT_WITHDRAWABLE'
  | 'ASSET_NOT_WITHDRAWABLE'
  | 'DEPOSIT_BELOW_MIN'
  | 'DEPOSIT_ABOVE_MAX'
  | 'DEPOSIT_NOT_ABOVE_FEE'
  | 'DEPOSIT_ADDRESS_OF_OTHER_USER'
  | 'DEPOSIT_ADDRESS_EXISTS'
  | 'DEPOSIT_ADDRESS_TAKEN'
  | 'DEPOSIT_ADDRESS_INDEX_MISMATCH'
  | 'DEPOSIT_ADDRESS_LIMIT'
  | 'WITHDRAWAL_UNIQUE_ID_TAKEN'
  | 'WITHDRAWAL_BELOW_MIN'
  | 'WITHDRAWAL_ABOVE_MAX'
  | 'WITHDRAWAL_NOT_ABOVE_FEE'
  | 'WITHDRAWAL_INSUFFICIENT_FUNDS'
  | 'WITHDRAWAL_TO_OWN_ADDRESS'
  | 'UNKNOWN_WITHDRAWAL'
  | 'WITHDRAWAL_PARTIAL_NOT_ENABLED'
  | 'WITHDRAWAL_PARTIAL_AMOUNT'
  | 'MARKET_NOT_AVAILABLE'
  | 'ACCOUNT_NOT_AVAILABLE'
  | 'INVALID_ARGUMENT'
  | 'IOC_AND_POST_ONLY'
  | 'CLIENT_ORDER_ID_IN_USE'
  | 'STOP_NO_LAST_PRICE'
  | 'STOP_AT_LAST_PRICE'
  | 'NOT_ENOUGH_BALANCE'
  | 'POST_ONLY_WOULD_TAKE'
  | 'ORDER_NOT_FOUND'
  | 'PRICE_NOT_POSITIVE'
  | 'MARKET_PRECISION_UNSUPPORTED'
  | 'INDEX_PRICE_MISSING'
  | 'RPI_AND_IOC'
  | 'POSITION_SIDE_MISMATCH'
  | 'OTO_NOT_ALLOWED'
  | 'OTO_PRICE_WRONG'
  | 'OTO_NOT_FOUND'
  | 'OCO_NOT_FOUND'
  | 'OCO_ACTIVATION_WRONG'
  | 'OCO_PRICES_WRONG'
  | 'OCO_CLIENT_IDS_SAME'
  | 'REDUCE_ONLY_NO_POSITION'
  | 'WOULD_FLIP_POSITION'
  | 'POSITION_TOO_BIG'
  | 'HEDGE_MODE_LOCKED'
  | 'LEVERAGE_INVALID'
  | 'LEVERAGE_LOCKED'
  | 'LEVERAGE_NOT_ENOUGH_BALANCE'
  | 'FUNDING_NOT_DUE'
  | 'NOTHING_TO_LIQUIDATE'
  | 'RULES_UNKNOWN'
  | 'RULES_NOT_NEWER'
  | 'CODE_EXISTS'
  | 'CODE_FIAT'
  | 'CODE_INSUFFICIENT_FUNDS'
  | 'CODE_NOT_FOUND'
  | 'CODE_OWN'
  | 'CODE_ALREADY_APPLIED'
  | 'FEE_RATE_INVALID'
  | 'ORDER_NOT_MODIFIABLE'
  | 'MODIFY_ACTIVATION_NOT_ALLOWED'
  | 'MODIFY_PRICE_NOT_ALLOWED'
  | 'MODIFY_TOTAL_NOT_ALLOWED'
  | 'MODIFY_AMOUNT_NOT_ALLOWED'
  | 'KILL_SWITCH_NOT_DUE'
  | 'SUB_ACCOUNT_NOT_FOUND'
  | 'SUB_ACCOUNT_ALIAS_TAKEN'
  | 'SUB_ACCOUNT_NOT_EMPTY'
  | 'SUB_ACCOUNT_DELETED'
  | 'SUB_ACCOUNT_NOT_PERMITTED'
  | 'HELD_WITHDRAWAL_NOT_FOUND'
  | 'HELD_WITHDRAWAL_NOT_OWN'
  | 'HELD_WITHDRAWAL_EXPIRED'
  | 'HELD_WITHDRAWAL_NOT_DUE';

/**
 * Refusals that mean a venue's own check found nothing to do (no account to liquidate, nothing due):
 * its jobs submit such checks on a schedule, so these say nothing about any client.
 */
export const NOTHING_TO_DO: ReadonlySet<RejectReason> = new Set<RejectReason>([
  'NOTHING_TO_LIQUIDATE',
  'FUNDING_NOT_DUE',
  'HELD_WITHDRAWAL_NOT_DUE',
]);

export interface Rejection {
  readonly reason: RejectReason;
  readonly params?: Readonly<Record<string, string>>;
}

export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly rejection: Rejection };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function reject(reason: RejectReason, params?: Record<string, string>): Result<never> {
  return params === undefined ? { ok: false, rejection: { reason } } : { ok: false, rejection: { reason, params } };
}
