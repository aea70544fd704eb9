import { Type } from 'typebox';
import type { PublicEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { DecimalString } from '../../schemas.js';
import { IsoInstant, V2_FOLLOWS, LegacyEnvelope } from './legacy-envelope.js';

/** API V2 "Asset Status List": per ticker, whether it moves in and out, its withdrawal bounds and fees. */
export const assetsV2 = {
  kind: 'public',
  method: 'GET',
  path: '/api/v2/public/assets',
  summary: 'Asset status (API V2)',
  follows: V2_FOLLOWS,
  response: LegacyEnvelope(
    Type.Record(
      Type.String(),
      Type.Object({
        id: Type.String({ format: 'uuid' }),
        lastUpdateTimestamp: IsoInstant,
        name: Type.String(),
        canWithdraw: Type.Boolean(),
        canDeposit: Type.Boolean(),
        minWithdrawal: DecimalString,
        maxWithdrawal: DecimalString,
        makerFee: DecimalString,
        takerFee: DecimalString,
      }),
    ),
  ),
  rateLimit: RATE_LIMITS.public,
} as const satisfies PublicEndpoint;
