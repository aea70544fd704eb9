import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';
import { IsoInstant, V2_FOLLOWS, LegacyEnvelope } from './legacy-envelope.js';

/** API V2 "Market activity": one entry per market; `baseVolume24h` in stock, `quoteVolume24h` in money. */
export const tickerV2 = {
  kind: 'public',
  method: 'GET',
  path: '/api/v2/public/ticker',
  summary: "Every market's 24-hour ticker (API V2)",
  follows: V2_FOLLOWS,
  response: LegacyEnvelope(
    Type.Array(
      Type.Object({
        lastUpdateTimestamp: IsoInstant,
        tradingPairs: Type.String(),
        lastPrice: DecimalString,
        lowestAsk: DecimalString,
        highestBid: DecimalString,
        baseVolume24h: DecimalString,
        quoteVolume24h: DecimalString,
        tradesEnabled: Type.Boolean(),
      }),
    ),
  ),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
