import { Type } from 'typebox';
import { DecimalString } from './schemas.js';

/**
 * The fee rates an order pays, as ratios (`"0.001"` is 0.1 %), as the deployed service's order
 * objects carried them (reference §5.1): its owner's rates on the market; `makerFee` is `"0"` for
 * orders that never rest (market and stop-market orders).
 */
const FeeRatio = Type.String({ pattern: '^(0|[1-9][0-9]*)(\\.[0-9]+)?$', description: 'A fee rate as a ratio' });

/** Self-trade prevention as replies show it: always abbreviated. */
const Stp = Type.Union([Type.Literal('no'), Type.Literal('cb'), Type.Literal('cn'), Type.Literal('co')]);

/** The OTO block of a parent order: its group and only the legs given. */
export const OtoShape = Type.Object({
  otoId: Type.Integer(),
  stopLoss: Type.Optional(DecimalString),
  takeProfit: Type.Optional(DecimalString),
});

/**
 * Spec §2.2 Order with the wire aliases, as every order endpoint answers it; collateral orders add
 * `reduceOnly`, and OTO parents `oto` (reference §6.1), wherever they are listed.
 */
export const OrderShape = Type.Object({
  order_id: Type.Integer(),
  orderId: Type.Integer(),
  client_order_id: Type.String(),
  clientOrderId: Type.String(),
  market: Type.String(),
  side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  type: Type.String(),
  timestamp: Type.Number({ description: 'Unix seconds with microseconds' }),
  deal_money: DecimalString,
  dealMoney: DecimalString,
  deal_stock: DecimalString,
  dealStock: DecimalString,
  amount: DecimalString,
  left: DecimalString,
  deal_fee: DecimalString,
  dealFee: DecimalString,
  takerFee: FeeRatio,
  makerFee: FeeRatio,
  price: DecimalString,
  postOnly: Type.Boolean(),
  ioc: Type.Boolean(),
  status: Type.Union([
    Type.Literal('NEW'),
    Type.Literal('PARTIALLY_FILLED'),
    Type.Literal('FILLED'),
    Type.Literal('CANCELLED'),
  ]),
  stp: Stp,
  positionSide: Type.Union([Type.Literal('LONG'), Type.Literal('SHORT'), Type.Literal('BOTH')]),
  rpi: Type.Boolean(),
  activated: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  activationCondition: Type.Optional(Type.Union([Type.Literal('gte'), Type.Literal('lte')])),
  activation_price: Type.Optional(Type.String()),
  activationPrice: Type.Optional(Type.String()),
  reduceOnly: Type.Optional(Type.Boolean()),
  oto: Type.Optional(OtoShape),
});

/** Body fields shared by the spot order endpoints (values checked by the server, with the reference's messages). */
export const OrderFields = {
  market: Type.Optional(Type.String()),
  side: Type.Optional(Type.String()),
  amount: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  client_order_id: Type.Optional(Type.String()),
  clientOrderId: Type.Optional(Type.String()),
  stp: Type.Optional(Type.String()),
};

/** A finished order in `trade-account/order/history` (reference §5.8). */
export const HistoryOrderShape = Type.Object({
  id: Type.Integer(),
  clientOrderId: Type.String(),
  market: Type.Optional(Type.String()),
  side: Type.String(),
  type: Type.String(),
  ctime: Type.Number(),
  ftime: Type.Number(),
  amount: DecimalString,
  price: DecimalString,
  dealStock: DecimalString,
  dealMoney: DecimalString,
  dealFee: DecimalString,
  takerFee: FeeRatio,
  makerFee: FeeRatio,
  postOnly: Type.Boolean(),
  ioc: Type.Boolean(),
  status: Type.String(),
  stp: Stp,
  feeAsset: Type.String(),
  positionSide: Type.String(),
  rpi: Type.Boolean(),
  reduceOnly: Type.Boolean(),
  activated: Type.Optional(Type.Number({ description: 'when the stop triggered (Unix seconds); 0 if it never did' })),
  activationPrice: Type.Optional(Type.String()),
  activationCondition: Type.Optional(Type.Union([Type.Literal('>='), Type.Literal('<=')])),
});

/** One side of a trade in `trade-account/executed-history`. */
export const DealShape = Type.Object({
  id: Type.Integer(),
  clientOrderId: Type.String(),
  time: Type.Number(),
  side: Type.String(),
  role: Type.Integer({ description: '1 maker, 2 taker' }),
  amount: DecimalString,
  price: DecimalString,
  deal: DecimalString,
  fee: DecimalString,
  orderId: Type.Integer(),
  feeAsset: Type.String(),
});
