import { Type } from 'typebox';
import { DecimalString } from './schemas.js';

/** Reference §4.8: `[price, amount]` levels, best first; `timestamp` in seconds. */
export const BookShape = Type.Object({
  ticker_id: Type.String(),
  timestamp: Type.Integer(),
  asks: Type.Array(Type.Tuple([DecimalString, DecimalString])),
  bids: Type.Array(Type.Tuple([DecimalString, DecimalString])),
});
