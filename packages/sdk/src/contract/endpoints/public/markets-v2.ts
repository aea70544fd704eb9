import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';
import { V2_FOLLOWS, LegacyEnvelope } from './legacy-envelope.js';

/** API V2 "Market Info": the markets open for trading with their minimum total; fees as percents. */
export const marketsV2 = {
  kind: 'public',
  method: 'GET',
  path: '/api/v2/public/markets',
  summary: 'Markets (API V2)',
  follows: V2_FOLLOWS,
  response: LegacyEnvelope(
    Type.Array(
      Type.Object({
        name: Type.String(),
        stock: Type.String(),
        money: Type.String(),
        stockPrec: Type.String(),
        moneyPrec: Type.String(),
        feePrec: Type.String(),
        makerFee: DecimalString,
        takerFee: DecimalString,
        minAmount: DecimalString,
        minTotal: DecimalString,
        tradesEnabled: Type.Boolean(),
      }),
    ),
  ),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
