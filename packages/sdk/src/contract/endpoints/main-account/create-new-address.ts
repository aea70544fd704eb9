import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields, Ticker } from '../../schemas.js';
import { DepositAddressResult } from './address.js';

/** Reference §7.3: a further deposit address (a fresh derivation index each call). */
export const mainAccountCreateNewAddress = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/main-account/create-new-address',
  summary: 'New deposit address',
  follows: 'reference §7.3',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    ticker: Ticker,
    network: Type.Optional(Type.String()),
    /** Bitcoin: `bech32` (default) or `p2sh-segwit`. */
    type: Type.Optional(Type.String()),
  }),
  response: DepositAddressResult,
  successStatus: 201,
  rateLimit: RATE_LIMITS.mainAccount,
} as const satisfies PrivateEndpoint;
