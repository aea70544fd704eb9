import type {
  DepositCredited,
  HeldWithdrawalConfirmed,
  HeldWithdrawalExpired,
  WithdrawalCancelled,
  WithdrawalCompleted,
  WithdrawalHeld,
  WithdrawalRequest,
  WithdrawalRequested,
} from '@txc/core';
import type { ProjectionWrite } from '../../store/port.js';
import { METHOD_DEPOSIT, METHOD_WITHDRAWAL, WALLET_STATUS } from '../../wallet/wallet-status.js';

/** A credited deposit: a finished row of the wallet history from the start. */
export function depositInsert(e: DepositCredited): ProjectionWrite {
  return {
    op: 'insert',
    table: 'wallet_transactions',
    row: {
      transaction_id: e.transactionId,
      user_name: e.user,
      method: METHOD_DEPOSIT,
      ticker: e.ticker,
      amount: e.amount.toString(),
      fee: e.fee.toString(),
      network: e.network,
      address: e.address,
      memo: e.memo,
      transaction_hash: e.txid,
      unique_id: null,
      status: WALLET_STATUS.successful,
      created_at: e.time,
      updated_at: e.time,
      details: null,
      description: null,
    },
  };
}

/** A withdrawal's first row in the wallet history, as it stands when it is asked for. */
function withdrawalRowInsert(w: WithdrawalRequest, fee: bigint, status: number): ProjectionWrite {
  return {
    op: 'insert',
    table: 'wallet_transactions',
    row: {
      transaction_id: w.transactionId,
      user_name: w.user,
      method: METHOD_WITHDRAWAL,
      ticker: w.ticker,
      amount: w.amount.toString(),
      fee: fee.toString(),
      network: w.network,
      address: w.address,
      memo: w.memo,
      transaction_hash: null,
      unique_id: w.uniqueId,
      status,
      created_at: w.createdAt,
      updated_at: w.createdAt,
      details: null,
      description: null,
    },
  };
}

/** A requested withdrawal: pending until it completes or is cancelled. */
export function withdrawalInsert(e: WithdrawalRequested): ProjectionWrite {
  return withdrawalRowInsert(e.withdrawal, e.withdrawal.fee, WALLET_STATUS.pending);
}

/**
 * A sub-account's withdrawal held for its main account: in the history as "Unconfirmed by user" (5),
 * with the fee it would cost as requested.
 */
export function withdrawalHeldInsert(e: WithdrawalHeld): ProjectionWrite {
  return withdrawalRowInsert(e.withdrawal, e.fee, WALLET_STATUS.unconfirmed);
}

/** A held withdrawal confirmed: pending from now on, with the fee charged at confirmation. */
export function heldWithdrawalConfirmedUpdate(e: HeldWithdrawalConfirmed): ProjectionWrite {
  return {
    op: 'update',
    table: 'wallet_transactions',
    set: { status: WALLET_STATUS.pending, fee: e.withdrawal.fee.toString(), updated_at: e.time },
    where: { transaction_id: e.withdrawal.transactionId },
  };
}

/** What the history says of a held withdrawal that expired. */
export const HELD_WITHDRAWAL_EXPIRED_REASON = 'Not confirmed by the main account in time';

/** A held withdrawal its main account left unconfirmed: cancelled, having moved nothing. */
export function heldWithdrawalExpiredUpdate(e: HeldWithdrawalExpired): ProjectionWrite {
  return {
    op: 'update',
    table: 'wallet_transactions',
    set: { status: WALLET_STATUS.cancelled, description: HELD_WITHDRAWAL_EXPIRED_REASON, updated_at: e.time },
    where: { transaction_id: e.withdrawal.transactionId },
  };
}

/** A withdrawal paid in full or in part. */
export function withdrawalCompletedUpdate(e: WithdrawalCompleted): ProjectionWrite {
  const p = e.partial;
  return {
    op: 'update',
    table: 'wallet_transactions',
    set: {
      status: p === null ? WALLET_STATUS.successful : WALLET_STATUS.partiallySuccessful,
      transaction_hash: e.transactionHash,
      updated_at: e.time,
      // Minor units; the history formats them with the asset's precision.
      details:
        p === null
          ? null
          : JSON.stringify({
              requestAmount: p.requestAmount.toString(),
              processedAmount: p.processedAmount.toString(),
              processedFee: p.processedFee.toString(),
            }),
    },
    where: { transaction_id: e.transactionId },
  };
}

/** A withdrawal cancelled, with the reason the history shows. */
export function withdrawalCancelledUpdate(e: WithdrawalCancelled): ProjectionWrite {
  return {
    op: 'update',
    table: 'wallet_transactions',
    set: { status: WALLET_STATUS.cancelled, description: e.reason, updated_at: e.time },
    where: { transaction_id: e.transactionId },
  };
}
