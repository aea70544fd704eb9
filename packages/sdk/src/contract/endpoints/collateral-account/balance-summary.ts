import { Type } from 'typebox';
import { BalanceSummaryShape } from '../../collateral-shapes.js';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §6.3: per asset what is held, owed, and available without and with borrowing. */
export const collateralBalanceSummary = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/collateral-account/balance-summary',
  summary: 'Collateral balances with borrowing',
  follows: 'reference §6.3',
  permission: 'trading',
  request: Type.Object({ ...AuthFields, ticker: Type.Optional(Type.String()) }),
  response: Type.Array(BalanceSummaryShape),
  successStatus: 200,
  rateLimit: RATE_LIMITS.collateralRead,
} as const satisfies PrivateEndpoint;
