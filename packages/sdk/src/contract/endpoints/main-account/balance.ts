import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields, DecimalString, Ticker } from '../../schemas.js';

const MainBalance = Type.Object({ main_balance: DecimalString });

/** Spec §4.6 → §2.4: balances keyed by ticker, of every asset or of the one `ticker` ("0" when unknown). */
export const mainAccountBalance = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/main-account/balance',
  summary: 'Main account balances',
  follows: 'spec §4.6, reference §7.1',
  permission: 'main-account',
  request: Type.Object({ ...AuthFields, ticker: Type.Optional(Ticker) }),
  response: Type.Record(Type.String(), MainBalance),
  successStatus: 200,
  rateLimit: RATE_LIMITS.mainAccount,
} as const satisfies PrivateEndpoint;
