import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { CODES_FOLLOWS, CodeInfo, CodePage } from './code-shapes.js';

/** The codes the caller created, newest first. */
export const mainAccountCodesMy = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/main-account/codes/my',
  summary: 'Codes created by the account',
  follows: CODES_FOLLOWS,
  permission: 'main-account',
  request: Type.Object({ ...AuthFields, ...CodePage }),
  response: Type.Object({
    total: Type.Integer(),
    data: Type.Array(CodeInfo),
    limit: Type.Integer(),
    offset: Type.Integer(),
  }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.mainAccount,
} as const satisfies PrivateEndpoint;
