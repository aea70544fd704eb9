import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';

/** One candle: open time (Unix seconds), open, close, high, low, volume in stock, volume in money. */
export const KlineCandle = Type.Tuple(
  [
    Type.Integer({ description: 'Start of the period, Unix seconds' }),
    DecimalString,
    DecimalString,
    DecimalString,
    DecimalString,
    DecimalString,
    DecimalString,
  ],
  { description: '[time, open, close, high, low, volume in stock, volume in money]' },
);

/**
 * The API V1 candles that ccxt's `fetchOHLCV` reads, oldest first. `interval` 1m…1M (1h by default),
 * `start`/`end` in Unix seconds, `limit` 1–1440 (1440 by default).
 */
export const kline = {
  kind: 'public',
  method: 'GET',
  path: '/api/v1/public/kline',
  summary: 'Candles (API V1)',
  follows: 'decisions: Candles',
  query: Type.Object({
    market: Type.String({ examples: ['BTC_USDT'] }),
    interval: Type.Optional(
      Type.String({
        examples: ['1h'],
        description: '1m, 3m, 5m, 15m, 30m, 1h, 2h, 4h, 6h, 8h, 12h, 1d, 3d, 1w (from Monday) or 1M (calendar month)',
      }),
    ),
    start: Type.Optional(Type.String({ examples: ['1717000000'], description: 'Unix seconds' })),
    end: Type.Optional(Type.String({ examples: ['1717086400'], description: 'Unix seconds; now by default' })),
    limit: Type.Optional(Type.String({ examples: ['100'], description: '1 to 1440' })),
  }),
  response: Type.Object({
    success: Type.Literal(true),
    message: Type.Null(),
    result: Type.Array(KlineCandle),
  }),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
