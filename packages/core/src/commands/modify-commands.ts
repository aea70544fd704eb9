import type { TriggerPrice } from '../state/order.js';

/**
 * Replaces one open spot order of a user (`order/modify`): the order is cancelled and a new one,
 * with a new id, placed in the same command with the figures given and the old order's others, so
 * that either the old order stays (the command is refused) or the new one exists. Figures are the
 * market's units: `price` and `activationPrice` ticks, `amount` lots, `total` money minor units
 * (buy stop-market orders only). At least one is given; the edge has checked their steps.
 */
export interface ModifyOrder {
  readonly type: 'ModifyOrder';
  readonly user: string;
  readonly market: string;
  readonly orderId?: number;
  readonly clientOrderId?: string;
  readonly price?: number;
  readonly amount?: number;
  readonly total?: number;
  readonly activationPrice?: TriggerPrice;
}
