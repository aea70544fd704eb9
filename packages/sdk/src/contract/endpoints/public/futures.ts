import { Type, type Static } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';

const MillisecondsString = Type.String({ pattern: '^[0-9]{13}$', description: 'Unix time in milliseconds' });

/** Spec §2.1 FuturesMarket, with the reference's funding bounds and the names ccxt reads. */
export const FuturesMarket = Type.Object({
  ticker_id: Type.String(),
  stock_currency: Type.String(),
  money_currency: Type.String(),
  last_price: DecimalString,
  stock_volume: DecimalString,
  money_volume: DecimalString,
  bid: DecimalString,
  ask: DecimalString,
  high: DecimalString,
  low: DecimalString,
  product_type: Type.String(),
  open_interest: DecimalString,
  index_price: DecimalString,
  index_name: Type.String(),
  index_currency: Type.String(),
  funding_rate: DecimalString,
  funding_cap: DecimalString,
  funding_floor: DecimalString,
  next_funding_rate_timestamp: MillisecondsString,
  brackets: Type.Record(Type.String({ pattern: '^[0-9]+$' }), Type.Integer({ minimum: 0 })),
  max_leverage: Type.Integer(),
  funding_interval_minutes: Type.Integer(),
  markPrice: DecimalString,
  indexPrice: DecimalString,
  interestRate: DecimalString,
});
export type FuturesMarket = Static<typeof FuturesMarket>;

/** Spec §4.1 and §2.1, reference §4.11: every perpetual with its 24-hour statistics and funding, wrapped; cached 1 s. */
export const futures = {
  kind: 'public',
  method: 'GET',
  path: '/api/v4/public/futures',
  summary: 'Futures markets with 24-hour statistics',
  follows: 'spec §4.1 and §2.1, reference §4.11',
  response: Type.Object({ success: Type.Literal(true), message: Type.Null(), result: Type.Array(FuturesMarket) }),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
