import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';
import { PayoutDestination, PayoutSetting } from './schemas.js';

/**
 * Spec §4.9, reference §8.2: sends a mining account's rewards to the main balance or to a mainnet
 * Bitcoin address (P2PKH, P2SH, SegWit v0, Taproot and later witness versions; at most 100 characters).
 */
export const miningEditPayoutDestination = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/mining/payout-destination/edit',
  summary: 'Set the payout destination of a mining account',
  follows: 'spec §4.9, reference §8.2',
  permission: 'mining',
  request: Type.Object({
    ...AuthFields,
    accountName: Type.String(),
    destination: PayoutDestination,
    address: Type.Optional(Type.String({ maxLength: 100, description: 'Required for external_address' })),
  }),
  response: PayoutSetting,
  successStatus: 200,
  rateLimit: RATE_LIMITS.mining,
} as const satisfies PrivateEndpoint;
