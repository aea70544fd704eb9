import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields, DecimalString } from '../../schemas.js';
import { CODES_FOLLOWS } from './code-shapes.js';

/** Applies another user's code: its amount comes to the main balance; 201. Limited to 60 a second. */
export const mainAccountCodesApply = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/main-account/codes/apply',
  summary: 'Apply a code',
  follows: CODES_FOLLOWS,
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    code: Type.Optional(Type.String()),
    passphrase: Type.Optional(Type.String({ maxLength: 25 })),
  }),
  response: Type.Object({
    message: Type.String(),
    ticker: Type.String(),
    amount: DecimalString,
    external_id: Type.String(),
  }),
  successStatus: 201,
  rateLimit: RATE_LIMITS.codesApply,
} as const satisfies PrivateEndpoint;
