import type { StreamContext } from '../channel.js';
import type { WsConnection } from '../connection.js';
import { invalidArgument, WsError } from '../protocol.js';
import { ORDER_ERRORS } from './order-errors.js';
import { required, type OrderParams } from './order-params.js';
import { arrivalCancelReason, orderResult } from './order-result.js';
import { place, PLACEMENTS, userOf, type PlacementTerms } from './placements.js';

const limit = PLACEMENTS.collateral_order_limit_place as PlacementTerms;

/**
 * The trigger orders of `collateral_order_oto_place` (websocket spec §9.2), as the order each is;
 * null where the engine has no such order (docs/decisions.md, "WebSocket order methods").
 */
const TRIGGERS: Readonly<Record<string, PlacementTerms | null>> = {
  margin_limit: { ...limit, params: limit.params.filter((p) => p !== 'rpi') },
  margin_market: PLACEMENTS.collateral_order_market_place as PlacementTerms,
  margin_stop_limit: PLACEMENTS.collateral_order_stop_limit_place as PlacementTerms,
  margin_stop_market: PLACEMENTS.collateral_order_stop_market_place as PlacementTerms,
  margin_bbo: PLACEMENTS.collateral_order_bbo_place as PlacementTerms,
  margin_stop_bbo: null,
};

type Leg = 'take_profit' | 'stop_loss';

/**
 * The legs each conditional order type arms. The engine's OTO legs are trigger orders executed at
 * market, so the exits that would rest as limit orders are not available (null).
 */
const EXITS: Readonly<Record<string, readonly Leg[] | null>> = {
  margin_market_oco: ['take_profit', 'stop_loss'],
  margin_take_profit: ['take_profit'],
  margin_stop_loss: ['stop_loss'],
  margin_limit: null,
  margin_stop_limit: null,
};

function known<T>(table: Readonly<Record<string, T | null>>, value: unknown, error: WsError['body']): T {
  if (typeof value !== 'string' || !Object.hasOwn(table, value)) throw new WsError(error);
  const found = table[value];
  if (found === null || found === undefined) throw new WsError(error, `${value} is not available`);
  return found;
}

/**
 * `collateral_order_oto_place`: the trigger order as its own method would place it, with the legs of
 * the conditional type (`take_profit`, `stop_loss` prices) — the collateral order with `takeProfit`
 * and `stopLoss` of the REST endpoints. Answers the group: its id, type, leg prices and trigger order.
 */
export async function otoPlace(ctx: StreamContext, conn: WsConnection, p: OrderParams): Promise<unknown> {
  const terms = known(TRIGGERS, p.trigger_order_type, ORDER_ERRORS.unknownTriggerType);
  const legs = known(EXITS, p.conditional_order_type, ORDER_ERRORS.unknownConditionalType);
  const trigger = p.trigger_order;
  if (typeof trigger !== 'object' || trigger === null || Array.isArray(trigger)) {
    throw invalidArgument('trigger_order must be an object');
  }
  const order = trigger as OrderParams;
  if (order.rpi !== undefined && order.rpi !== false) throw invalidArgument('rpi is not available in trigger_order');
  for (const leg of legs) required(p, leg);
  const extra = {
    ...(legs.includes('take_profit') ? { takeProfit: p.take_profit } : {}),
    ...(legs.includes('stop_loss') ? { stopLoss: p.stop_loss } : {}),
  };
  const placed = await place(ctx, conn, order, terms, extra);
  const link = placed.oto;
  return {
    type: 'oto',
    id: link?.id ?? null,
    conditional_order_type: p.conditional_order_type,
    take_profit_price: link?.takeProfit?.text ?? null,
    stop_loss_price: link?.stopLoss?.text ?? null,
    trigger_order: orderResult(ctx.venue.state, placed, await arrivalCancelReason(ctx.venue, userOf(conn), placed)),
  };
}
