import { placeOco } from '../../order-entry/place-oco.js';
import type { StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { fieldErrors, rejectionError } from './order-errors.js';
import { entryBody, type OrderParams } from './order-params.js';
import { arrivalCancelReason, ocoResult } from './order-result.js';
import { userOf } from './placements.js';

/** The params `collateral_order_oco_place` takes (websocket spec §9.2). */
const PARAMS = [
  'market',
  'side',
  'amount',
  'price',
  'activation_price',
  'stop_limit_price',
  'limit_client_order_id',
  'stop_client_order_id',
  'reduce_only',
  'position_side',
  'stp',
];

/**
 * `collateral_order_oco_place`: an OCO group through the order entry of `order/collateral/oco`,
 * each leg with its own client id. Answers the group: its id, the stop-loss leg (type 9) and the
 * take-profit leg (type 7), each as `ordersPending_update` shows it.
 */
export async function ocoPlace(ctx: StreamContext, conn: WsConnection, p: OrderParams): Promise<unknown> {
  const { venue } = ctx;
  const placed = await placeOco(venue, userOf(conn), entryBody(p, PARAMS), 'socket');
  if ('invalid' in placed) throw fieldErrors(venue.state, placed.invalid, p.market, 'collateral');
  if ('rejected' in placed) throw rejectionError(placed.rejected, 'collateral');
  // a leg may be cancelled on arrival (self-trade prevention, and its sibling with it): its push names why
  const { stopLoss, takeProfit } = placed.placed;
  const user = userOf(conn);
  return ocoResult(venue.state, placed.placed, {
    stopLoss: await arrivalCancelReason(venue, user, stopLoss),
    takeProfit: await arrivalCancelReason(venue, user, takeProfit),
  });
}
