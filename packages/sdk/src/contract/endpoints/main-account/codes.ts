import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { CODES_FOLLOWS } from './code-shapes.js';

/**
 * Creates a code of `amount` from the main balance, which holds it until the code is applied; 201.
 * It takes `withdraw`: whoever redeems the code receives the money, as a withdrawal's address does.
 */
export const mainAccountCodes = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/main-account/codes',
  summary: 'Create a code',
  follows: CODES_FOLLOWS,
  permission: 'withdraw',
  request: Type.Object({
    ...AuthFields,
    ticker: Type.Optional(Type.String()),
    amount: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    passphrase: Type.Optional(Type.String({ maxLength: 25, description: 'Printable ASCII, no whitespace' })),
    description: Type.Optional(Type.String({ maxLength: 280, description: 'Shown to the creator only' })),
  }),
  response: Type.Object({
    code: Type.String({ description: '`WB{uuid}{TICKER}`' }),
    message: Type.String(),
    external_id: Type.String(),
  }),
  successStatus: 201,
  rateLimit: RATE_LIMITS.mainAccount,
} as const satisfies PrivateEndpoint;
