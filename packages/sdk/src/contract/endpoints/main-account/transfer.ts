import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/** Reference §7.7: `from`/`to` among `main`, `spot`, `collateral`, or the legacy `method`; 201 `[]`. */
export const mainAccountTransfer = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/main-account/transfer',
  summary: 'Transfer between own accounts',
  follows: 'reference §7.7',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    ticker: Type.Optional(Type.String()),
    amount: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    from: Type.Optional(Type.String()),
    to: Type.Optional(Type.String()),
    method: Type.Optional(Type.String()),
  }),
  response: Type.Array(Type.Unknown(), { maxItems: 0 }),
  successStatus: 201,
  rateLimit: RATE_LIMITS.mainAccount,
} as const satisfies PrivateEndpoint;
