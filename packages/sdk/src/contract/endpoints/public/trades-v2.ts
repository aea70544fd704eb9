import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';
import { IsoInstant, V2_FOLLOWS, LegacyEnvelope } from './legacy-envelope.js';

/** API V2 "Recent Trades": the 100 most recent, newest first; `volume` in stock; `isBuyerMaker` when the taker sold. */
export const tradesV2 = {
  kind: 'public',
  method: 'GET',
  path: '/api/v2/public/trades/:market',
  summary: 'Recent trades (API V2)',
  follows: V2_FOLLOWS,
  params: Type.Object({ market: Type.String() }),
  response: LegacyEnvelope(
    Type.Array(
      Type.Object({
        tradeId: Type.Integer(),
        price: DecimalString,
        volume: DecimalString,
        time: IsoInstant,
        isBuyerMaker: Type.Boolean(),
      }),
    ),
  ),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
