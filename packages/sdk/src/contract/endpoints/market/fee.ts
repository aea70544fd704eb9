import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields, DecimalString } from '../../schemas.js';

/** What the market fee endpoints follow: the exchange's documentation of them, the Go SDK, and one decision. */
export const MARKET_FEE_FOLLOWS =
  'exchange docs http-trade-v4.yaml (market/fee), official Go SDK; decisions: Fees per user';

/**
 * The caller's fees in percent: the defaults of spot and futures markets (`maker`/`taker`,
 * `futures_maker`/`futures_taker`) and, in `custom_fee`, every market whose rates differ from its
 * kind's defaults. `market` is accepted and ignored, as documented.
 */
export const marketFee = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/market/fee',
  summary: "The account's maker and taker fees of every market",
  follows: MARKET_FEE_FOLLOWS,
  permission: 'trading',
  request: Type.Object({ ...AuthFields, market: Type.Optional(Type.String()) }),
  response: Type.Object({
    error: Type.Null(),
    taker: DecimalString,
    maker: DecimalString,
    futures_taker: DecimalString,
    futures_maker: DecimalString,
    rpi_maker_fee_premium: Type.Null(),
    futures_rpi_maker_fee_premium: Type.Null(),
    custom_fee: Type.Record(Type.String(), Type.Object({ taker: DecimalString, maker: DecimalString })),
  }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.tradeAccount,
} as const satisfies PrivateEndpoint;
