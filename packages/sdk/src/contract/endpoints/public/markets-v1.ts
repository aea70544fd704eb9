import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';
import { V1_FOLLOWS, LegacyEnvelope } from './legacy-envelope.js';

/** API V1 "Market Info": the markets open for trading, precisions as strings and fees as percents. */
export const marketsV1 = {
  kind: 'public',
  method: 'GET',
  path: '/api/v1/public/markets',
  summary: 'Markets (API V1)',
  follows: V1_FOLLOWS,
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
      }),
    ),
  ),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
