import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { LooseField } from './schemas.js';

/** A sub-account's main, spot and collateral balances per ticker, every asset's or `ticker`'s. */
export const subAccountBalances = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/sub-account/balances',
  summary: 'Sub-account balances',
  follows: 'exchange docs, sub-account/balances',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    id: LooseField,
    ticker: LooseField,
  }),
  response: Type.Record(
    Type.String(),
    Type.Array(Type.Object({ main: Type.String(), spot: Type.String(), collateral: Type.String() })),
  ),
  successStatus: 200,
  rateLimit: RATE_LIMITS.subAccount,
} as const satisfies PrivateEndpoint;
