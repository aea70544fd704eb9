import type { FundingPaid, FundingSettled } from '@txc/core';
import type { ProjectionWrite } from '../../store/port.js';

/** One market's funding settlement: what was paid, received and left over. */
export function fundingSettlementInsert(e: FundingSettled): ProjectionWrite {
  return {
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
  };
}

/** One position's share of a funding settlement. */
export function fundingPaymentInsert(e: FundingPaid): ProjectionWrite {
  return {
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
  };
}
