import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields, DecimalString } from '../../schemas.js';

const SpotBalanceShape = Type.Object({ available: DecimalString, freeze: DecimalString });

/** Reference §5.2: non-zero balances by ticker, or the unwrapped balance of one `ticker`. */
export const tradeBalance = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/trade-account/balance',
  summary: 'Spot (trade) balances',
  follows: 'reference §5.2',
  permission: 'trading',
  request: Type.Object({ ...AuthFields, ticker: Type.Optional(Type.String()) }),
  response: Type.Union([Type.Record(Type.String(), SpotBalanceShape), SpotBalanceShape]),
  successStatus: 200,
  rateLimit: RATE_LIMITS.tradeAccount,
} as const satisfies PrivateEndpoint;
