import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';
import { IsoInstant, V2_FOLLOWS, LegacyEnvelope } from './legacy-envelope.js';

/** API V2 "Orderbook": up to 100 visible levels a side, best first, wrapped. Cached 100 ms. */
export const depthV2 = {
  kind: 'public',
  method: 'GET',
  path: '/api/v2/public/depth/:market',
  summary: 'Order book (API V2)',
  follows: V2_FOLLOWS,
  params: Type.Object({ market: Type.String() }),
  response: LegacyEnvelope(
    Type.Object({
      lastUpdateTimestamp: IsoInstant,
      asks: Type.Array(Type.Tuple([DecimalString, DecimalString])),
      bids: Type.Array(Type.Tuple([DecimalString, DecimalString])),
    }),
  ),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
