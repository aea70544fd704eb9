import {
  encodeFinishedOrder,
  encodeJson,
  type DealParty,
  type Event,
  type OrderFinished,
  type PositionChanged,
  type TradeExecuted,
} from '@txc/core';
import type { ProjectionWrite } from '../../store/port.js';
import type { DealsTable } from '../../store/database.js';
import { fundingPaymentInsert, fundingSettlementInsert } from './funding-projection.js';
import { miningRewardRow } from './mining-projection.js';
import {
  depositInsert,
  heldWithdrawalConfirmedUpdate,
  heldWithdrawalExpiredUpdate,
  withdrawalCancelledUpdate,
  withdrawalHeldInsert,
  withdrawalCompletedUpdate,
  withdrawalInsert,
} from './wallet-projection.js';

/**
 * Turns the events of the command journaled as `seq` into rows of the read models behind the
 * history endpoints. Runs in the sequencer, so the rows are committed in the same transaction as
 * the commands that caused them.
 */
export function project(events: readonly Event[], seq: number, out: ProjectionWrite[]): void {
  for (const e of events) projectEvent(e, seq, out);
}

/** The rows one event adds or changes; most events touch no read model. */
function projectEvent(e: Event, seq: number, out: ProjectionWrite[]): void {
  switch (e.type) {
    case 'DepositCredited':
      out.push(depositInsert(e));
      break;
    case 'MiningRewardCredited':
      out.push({ op: 'insert', table: 'mining_rewards', row: { ...miningRewardRow(e) } });
      break;
    case 'WithdrawalRequested':
      out.push(withdrawalInsert(e));
      break;
    case 'WithdrawalCompleted':
      out.push(withdrawalCompletedUpdate(e));
      break;
    case 'WithdrawalCancelled':
      out.push(withdrawalCancelledUpdate(e));
      break;
    case 'WithdrawalHeld':
      out.push(withdrawalHeldInsert(e));
      break;
    case 'HeldWithdrawalConfirmed':
      out.push(heldWithdrawalConfirmedUpdate(e));
      break;
    case 'HeldWithdrawalExpired':
      out.push(heldWithdrawalExpiredUpdate(e));
      break;
    case 'TradeExecuted':
      out.push(dealRow(e, e.maker, e.makerFee, ROLE_MAKER), dealRow(e, e.taker, e.takerFee, ROLE_TAKER));
      break;
    case 'OrderFinished':
      out.push(finishedOrderInsert(e, seq));
      break;
    case 'PositionChanged':
      out.push(positionChangeInsert(e));
      break;
    case 'FundingSettled':
      out.push(fundingSettlementInsert(e));
      break;
    case 'FundingPaid':
      out.push(fundingPaymentInsert(e));
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

/** A finished order as the order history keeps it, tagged with the command that finished it. */
function finishedOrderInsert(e: OrderFinished, seq: number): ProjectionWrite {
  return {
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
      cancel_reason: e.reason,
    },
  };
}

/** One line of the position history. */
function positionChangeInsert(e: PositionChanged): ProjectionWrite {
  return {
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
  };
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
