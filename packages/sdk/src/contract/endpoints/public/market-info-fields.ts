import { Type } from 'typebox';
import { DecimalString } from '../../schemas.js';

/** A market as API V1 lists it: the first fields of every version's listing (precisions as strings, fees as percents). */
export const MarketInfoV1Fields = {
  name: Type.String(),
  stock: Type.String(),
  money: Type.String(),
  stockPrec: Type.String(),
  moneyPrec: Type.String(),
  feePrec: Type.String(),
  makerFee: DecimalString,
  takerFee: DecimalString,
  minAmount: DecimalString,
};

/** API V2 adds the minimum total and whether trading is on. */
export const MarketInfoV2Fields = {
  ...MarketInfoV1Fields,
  minTotal: DecimalString,
  tradesEnabled: Type.Boolean(),
};
