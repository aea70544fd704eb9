import type { CancelReason, OrderStatus } from '@txc/core';

/**
 * The reference's statuses of the cancels the engine gives a reason for (reference §5.8, websocket
 * spec §7.1): the same on every surface, where plain cancels are spelt `CANCELLED` (REST) or
 * `CANCELED` (streams).
 */
const REASONED: Readonly<Record<CancelReason, string>> = {
  stp: 'CANCELED_STP',
  'reduce-only': 'AUTO_CANCELED_REDUCE_ONLY',
  liquidation: 'AUTO_CANCELED_LIQUIDATION',
};

/** A finished order's status as a surface shows it: `plain` (its own spelling of `status`) unless a cancel had a reason. */
export function shownStatus(status: OrderStatus, reason: CancelReason | null, plain: string): string {
  return status === 'CANCELLED' && reason !== null ? REASONED[reason] : plain;
}
