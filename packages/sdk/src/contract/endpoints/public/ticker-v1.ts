import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';

/**
 * The API V1 "single market activity": one market's 24-hour figures, wrapped. Kept because ccxt's
 * `fetchTicker` reads it; `volume` is in stock, `deal` in money, `change` in percent.
 */
export const tickerV1 = {
  kind: 'public',
  method: 'GET',
  path: '/api/v1/public/ticker',
  summary: "One market's 24-hour ticker (API V1)",
  follows: 'decisions: The API V1 ticker',
  query: Type.Object({ market: Type.String({ examples: ['BTC_USDT'] }) }),
  response: Type.Object({
    success: Type.Literal(true),
    message: Type.Null(),
    result: Type.Object({
      open: DecimalString,
      bid: DecimalString,
      ask: DecimalString,
      low: DecimalString,
      high: DecimalString,
      last: DecimalString,
      volume: DecimalString,
      deal: DecimalString,
      change: Type.String({ description: 'Percent change from open to last' }),
    }),
  }),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
