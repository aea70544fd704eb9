import { encodeFinishedOrder, encodeJson, type DealParty, type Event, type TradeExecuted } from '@txc/core';
import type { ProjectionWrite } from '../../store/port.js';
import type { DealsTable } from '../../store/database.js';
import { miningRewardRow } from './mining-projection.js';

import { METHOD_DEPOSIT, METHOD_WITHDRAWAL, WALLET_STATUS } from '../../wallet/wallet-status.js';

/**
 * Turns the events of the command journaled as `seq` into rows of the read models behind the
 * history endpoints. Runs in the sequencer, so the rows are committed in the same transaction as
 * the commands that caused them.
 */
export function project(events: readonly Event[], seq: number, out: ProjectionWrite[]): void {
  for (const e of events) {
    switch (e.type) {
      case 'DepositCredited':
        out.push({
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
        });
        break;
      case 'MiningRewardCredited':
        out.push({ op: 'insert', table: 'mining_rewards', row: { ...miningRewardRow(e) } });
        break;
      case 'WithdrawalRequested': {
        const w = e.withdrawal;
        out.push({
          op: 'insert',
          table: 'wallet_transactions',
          row: {
            transaction_id: w.transactionId,
            user_name: w.user,
            method: METHOD_WITHDRAWAL,
            ticker: w.ticker,
            amount: w.amount.toString(),
            fee: w.fee.toString(),
            network: w.network,
            address: w.address,
            memo: w.memo,
            transaction_hash: null,
            unique_id: w.uniqueId,
            status: WALLET_STATUS.pending,
            created_at: w.createdAt,
            updated_at: w.createdAt,
            details: null,
            description: null,
          },
        });
        break;
      }
      case 'WithdrawalCompleted': {
        const p = e.partial;
        out.push({
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
        });
        break;
      }
      case 'WithdrawalCancelled':
        out.push({
          op: 'update',
          table: 'wallet_transactions',
          set: { status: WALLET_STATUS.cancelled, description: e.reason, updated_at: e.time },
          where: { transaction_id: e.transactionId },
        });
        break;
      case 'TradeExecuted':
        out.push(dealRow(e, e.maker, e.makerFee, ROLE_MAKER), dealRow(e, e.taker, e.takerFee, ROLE_TAKER));
        break;
      case 'OrderFinished':
        out.push({
          op: 'insert',
          table: 'finished_orders',
          row: {
            order_id: e.order.id,
            user_name: e.order.user,
            market: e.order.market,
            client_order_id: e.order.clientOrderId,
            status: e.order.status,
            created: e.order.created,
            finished: e.order.finished ?? e.order.created,
            data: encodeFinishedOrder(e.order),
            seq,
          },
        });
        break;
      case 'PositionChanged':
        out.push({
          op: 'insert',
          table: 'position_changes',
          row: {
            change_id: e.changeId,
            user_name: e.user,
            market: e.market,
            position_id: e.positionId,
            time: e.time,
            data: encodeJson(e),
          },
        });
        break;
      case 'FundingSettled':
        out.push({
          op: 'insert',
          table: 'funding_settlements',
          row: {
            market: e.market,
            settled_at: e.settledAt,
            period_start: e.periodStart,
            rate: e.rate.toString(),
            mark_num: e.markPrice.num.toString(),
            mark_den: e.markPrice.den.toString(),
            paid: e.paid.toString(),
            received: e.received.toString(),
            residue: e.residue.toString(),
          },
        });
        break;
      case 'FundingPaid':
        out.push({
          op: 'insert',
          table: 'funding_payments',
          row: {
            user_name: e.user,
            market: e.market,
            position_id: e.positionId,
            position_side: e.positionSide,
            settled_at: e.settledAt,
            period_start: e.periodStart,
            rate: e.rate.toString(),
            size: e.size,
            amount: e.amount.toString(),
            mark_num: e.markPrice.num.toString(),
            mark_den: e.markPrice.den.toString(),
          },
        });
        break;
      // each position it closed has its PositionChanged (source `adl`) in the position history
      case 'PositionDeleveraged':
      case 'AccountLiquidated':
      case 'LeverageSet':
      case 'HedgeModeSet':
      case 'LendingPoolFunded':
      case 'AssetDefined':
      case 'MarketDefined':
      case 'UserCreated':
      case 'Transferred':
      case 'MiningAccountCreated':
      case 'MiningPayoutDestinationSet':
      case 'DepositAddressAssigned':
      case 'StopActivated':
      case 'IndexPriceSet':
      case 'CodeCreated':
      case 'CodeApplied':
      case 'UserFeeSet':
        break;
    }
  }
}

export const ROLE_MAKER = 1;
export const ROLE_TAKER = 2;

function dealRow(e: TradeExecuted, side: DealParty, fee: bigint, role: number): ProjectionWrite {
  return { op: 'insert', table: 'deals', row: dealRecord(e, side, fee, role) };
}

/** One side of a trade as the deals table keeps it (and the account streams show it). */
export function dealRecord(
  e: TradeExecuted,
  side: DealParty,
  fee: bigint,
  role: number,
): DealsTable & Readonly<Record<string, unknown>> {
  return {
    trade_id: e.tradeId,
    role,
    market: e.market,
    user_name: side.user,
    account: side.account,
    order_id: side.id,
    client_order_id: side.clientOrderId,
    side: side.side,
    price: String(e.price),
    lots: String(e.lots),
    notional: e.notional.toString(),
    fee: fee.toString(),
    rpi: side.rpi ? 1 : 0,
    time: e.time,
  };
}
