import { Type } from 'typebox';

/** Shapes shared by many endpoints. */
export const DecimalString = Type.String({
  pattern: '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$',
  description: 'A decimal number as text',
});

export const Ticker = Type.String({ description: 'Asset ticker, e.g. BTC', examples: ['BTC'] });

/** `request`, `nonce` and `nonceWindow`: present in every private body, inside the signed payload. */
export const AuthFields = {
  request: Type.String({ description: 'The path of the endpoint called' }),
  nonce: Type.Union([Type.String(), Type.Integer()], {
    description: 'Increasing per key, or a ms timestamp with nonceWindow',
  }),
  nonceWindow: Type.Optional(Type.Boolean()),
};
