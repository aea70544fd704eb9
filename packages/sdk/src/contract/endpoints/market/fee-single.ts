import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields, DecimalString } from '../../schemas.js';
import { MARKET_FEE_FOLLOWS } from './fee.js';

/** The caller's maker and taker fees on one market open for trading, in percent. */
export const marketFeeSingle = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/market/fee/single',
  summary: "The account's maker and taker fees of one market",
  follows: MARKET_FEE_FOLLOWS,
  permission: 'trading',
  request: Type.Object({ ...AuthFields, market: Type.Optional(Type.String({ examples: ['BTC_USDT'] })) }),
  response: Type.Object({ error: Type.Null(), taker: DecimalString, maker: DecimalString }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.tradeAccount,
} as const satisfies PrivateEndpoint;
