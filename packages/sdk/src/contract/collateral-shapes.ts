import { Type } from 'typebox';
import { OrderFields, OrderShape } from './order-shapes.js';
import { DecimalString } from './schemas.js';

/** A decimal in a request: a numeric string or a plain number. */
export const DecimalInput = Type.Union([Type.String(), Type.Number()]);
const PositionSide = Type.Union([Type.Literal('LONG'), Type.Literal('SHORT'), Type.Literal('BOTH')]);

/** A collateral order (spec §2.2 with reference §6.1): the order, `reduceOnly`, and `oto` on OTO parents. */
export const CollateralOrderShape = Type.Object({ ...OrderShape.properties, reduceOnly: Type.Boolean() });

/** Body fields of the collateral order endpoints (values checked by the server, with the reference's messages). */
export const CollateralOrderFields = {
  ...OrderFields,
  positionSide: Type.Optional(Type.String()),
  reduceOnly: Type.Optional(Type.Boolean()),
};

/** `stopLoss` / `takeProfit`: the OTO legs of an order. */
export const OtoFields = {
  stopLoss: Type.Optional(DecimalInput),
  takeProfit: Type.Optional(DecimalInput),
};

/** Spec §2.3, exactly. */
export const CollateralSummaryShape = Type.Object(
  {
    equity: DecimalString,
    margin: DecimalString,
    freeMargin: DecimalString,
    unrealizedFunding: DecimalString,
    pnl: DecimalString,
    leverage: Type.Integer(),
    marginFraction: DecimalString,
  },
  { additionalProperties: false },
);

/** `tpsl` of an open position: the live OTO legs closing it. */
export const TpslShape = Type.Object({
  takeProfitId: Type.Union([Type.Integer(), Type.Null()]),
  takeProfit: Type.Union([DecimalString, Type.Null()]),
  stopLossId: Type.Union([Type.Integer(), Type.Null()]),
  stopLoss: Type.Union([DecimalString, Type.Null()]),
});

/** Reference §6.4 (a short's `amount` is negative). */
export const OpenPositionShape = Type.Object(
  {
    positionId: Type.Integer(),
    market: Type.String(),
    openDate: Type.Number(),
    modifyDate: Type.Number(),
    amount: DecimalString,
    basePrice: DecimalString,
    liquidationPrice: Type.Union([DecimalString, Type.Null()]),
    liquidationState: Type.Union([Type.Literal('margin_call'), Type.Literal('liquidation'), Type.Null()]),
    pnl: DecimalString,
    pnlPercent: DecimalString,
    margin: DecimalString,
    freeMargin: DecimalString,
    funding: DecimalString,
    unrealizedFunding: DecimalString,
    tpsl: Type.Union([TpslShape, Type.Null()]),
    positionSide: PositionSide,
    realizedPnl: DecimalString,
    unrealizedPnl: DecimalString,
    /** Where the position stands in its market's auto-deleveraging queue: 0–4, higher sooner; null off a perpetual. */
    adlQuantile: Type.Union([Type.Integer({ minimum: 0, maximum: 4 }), Type.Null()]),
  },
  { additionalProperties: true },
);

/** One state of a position in `positions/history`: the position after a change, and the fill that made it. */
export const PositionStateShape = Type.Object(
  {
    positionId: Type.Integer(),
    market: Type.String(),
    openDate: Type.Number(),
    modifyDate: Type.Number(),
    amount: DecimalString,
    basePrice: Type.Union([DecimalString, Type.Null()]),
    realizedFunding: DecimalString,
    realizedPnl: DecimalString,
    liquidationPrice: Type.Union([DecimalString, Type.Null()]),
    liquidationState: Type.Union([Type.String(), Type.Null()]),
    orderDetail: Type.Object({
      /** The order that filled; null when auto-deleveraging closed the position (`source: "adl"`). */
      id: Type.Union([Type.Integer(), Type.Null()]),
      tradeAmount: DecimalString,
      price: DecimalString,
      tradeFee: DecimalString,
      fundingFee: DecimalString,
      realizedPnl: DecimalString,
      source: Type.Optional(Type.Literal('adl')),
    }),
    positionSide: PositionSide,
  },
  { additionalProperties: true },
);

/** Reference §6.3 balance-summary element. */
export const BalanceSummaryShape = Type.Object({
  asset: Type.String(),
  balance: DecimalString,
  borrow: DecimalString,
  availableWithoutBorrow: DecimalString,
  availableWithBorrow: DecimalString,
});
