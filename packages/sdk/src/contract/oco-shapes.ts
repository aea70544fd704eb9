import { Type } from 'typebox';
import { DecimalInput } from './collateral-shapes.js';
import { OrderShape } from './order-shapes.js';
import { DecimalString } from './schemas.js';

export const OCO_FOLLOWS = 'exchange docs openapi/private/http-trade-v4.yaml; decisions: OCO groups';

/** A leg's status on the OCO surfaces: `OPEN` while it waits, then `PARTIALLY_FILLED`, `FILLED` or `CANCELED`. */
const LegStatus = Type.Union([
  Type.Literal('OPEN'),
  Type.Literal('PARTIALLY_FILLED'),
  Type.Literal('FILLED'),
  Type.Literal('CANCELED'),
]);

const Stp = Type.Union([Type.Literal('no'), Type.Literal('cb'), Type.Literal('cn'), Type.Literal('co')]);
const PositionSide = Type.Union([Type.Literal('LONG'), Type.Literal('SHORT'), Type.Literal('BOTH')]);
const Condition = Type.Union([Type.Literal('gte'), Type.Literal('lte')]);

const LegFields = {
  orderId: Type.Integer(),
  clientOrderId: Type.String(),
  market: Type.String(),
  side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  type: Type.String(),
  timestamp: Type.Number({ description: 'Unix seconds with microseconds' }),
  dealMoney: DecimalString,
  dealStock: DecimalString,
  amount: DecimalString,
  left: DecimalString,
  dealFee: DecimalString,
  status: LegStatus,
  stp: Stp,
  reduceOnly: Type.Boolean(),
  mtime: Type.Number({ description: 'Unix seconds of the leg’s last change' }),
  price: DecimalString,
};

/**
 * `OcoOrderLeg`: a leg as `oco-orders` and `order/oco-cancel` show it, snake_case flags;
 * `positionSide` on perpetuals only; the stop-loss leg adds its trigger fields.
 */
export const OcoLegShape = Type.Object({
  ...LegFields,
  post_only: Type.Boolean(),
  positionSide: Type.Optional(PositionSide),
  activation_price: Type.Optional(DecimalString),
  activation_condition: Type.Optional(Condition),
  activated: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});

/** A leg as `order/collateral/oco` answers it: the `OcoOrderLeg` fields with fee ratios and `positionSide`. */
export const OcoPlacedLegShape = Type.Object({
  ...OcoLegShape.properties,
  positionSide: PositionSide,
  takerFee: DecimalString,
  makerFee: DecimalString,
});

/** `ConditionalOrderLeg`: a leg as `conditional-orders` shows it, camelCase. */
export const ConditionalLegShape = Type.Object({
  ...LegFields,
  postOnly: Type.Boolean(),
  positionSide: Type.Optional(PositionSide),
  activationPrice: Type.Optional(DecimalString),
  activationCondition: Type.Optional(Condition),
  activated: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});

/** A live OCO group, as `oco-orders` lists it and `order/oco-cancel` answers it. */
export const OcoGroupShape = Type.Object({
  id: Type.Integer(),
  stop_loss: OcoLegShape,
  take_profit: OcoLegShape,
});

/** A record of `conditional-orders`: an OCO group, or an OTO parent with its trigger prices. */
export const ConditionalRecordShape = Type.Union([
  Type.Object({
    id: Type.Integer(),
    type: Type.Literal('oco'),
    stopLoss: ConditionalLegShape,
    takeProfit: ConditionalLegShape,
  }),
  Type.Object({
    id: Type.Integer(),
    type: Type.Literal('oto'),
    stopLossPrice: Type.Optional(DecimalString),
    takeProfitPrice: Type.Optional(DecimalString),
    conditionalOrder: OrderShape,
  }),
]);

/** The body of `order/collateral/oco`. */
export const OcoFields = {
  market: Type.Optional(Type.String()),
  side: Type.Optional(Type.String()),
  amount: Type.Optional(DecimalInput),
  price: Type.Optional(DecimalInput),
  activation_price: Type.Optional(DecimalInput),
  activationPrice: Type.Optional(DecimalInput),
  stop_limit_price: Type.Optional(DecimalInput),
  stopLimitPrice: Type.Optional(DecimalInput),
  clientOrderId: Type.Optional(Type.String()),
  client_order_id: Type.Optional(Type.String()),
  reduceOnly: Type.Optional(Type.Boolean()),
  positionSide: Type.Optional(Type.String()),
  stp: Type.Optional(Type.String()),
};

/** The filters of the two listings: `market`, `limit`, `offset`. */
export const ListingFields = {
  market: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer()),
  offset: Type.Optional(Type.Integer()),
};
