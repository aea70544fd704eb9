import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields, DecimalString } from '../../schemas.js';

/** Reference §6.3: what the collateral account holds, by ticker (one `ticker` when given). */
export const collateralBalance = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/collateral-account/balance',
  summary: 'Collateral balances',
  follows: 'reference §6.3',
  permission: 'trading',
  request: Type.Object({ ...AuthFields, ticker: Type.Optional(Type.String()) }),
  response: Type.Record(Type.String(), DecimalString),
  successStatus: 200,
  rateLimit: RATE_LIMITS.collateralRead,
} as const satisfies PrivateEndpoint;
