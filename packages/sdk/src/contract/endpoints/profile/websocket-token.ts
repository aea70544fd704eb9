import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields } from '../../schemas.js';

/**
 * A short-lived token for the WebSocket API's `authorize` (websocket spec §5.1): the one field, no
 * wrapper, as ccxt pro reads it.
 */
export const websocketToken = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/profile/websocket_token',
  summary: 'A token that authorizes a WebSocket connection (valid 15 minutes, bound to the key)',
  follows: 'websocket spec §5.1; decisions.md "WebSocket tokens"',
  permission: 'trading',
  request: Type.Object({ ...AuthFields }),
  response: Type.Object({ websocket_token: Type.String() }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.websocketToken,
} as const satisfies PrivateEndpoint;
