import { websocketToken } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** `profile/websocket_token` (websocket spec §5.1): a token bound to the calling key, for `authorize`. */
export const websocketTokenRoute = defineRoute(websocketToken, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(websocketToken.path, { config: { endpoint: websocketToken } }, async (request, reply) => {
    const apiKey = request.auth?.apiKey;
    if (apiKey === undefined) throw new Error('the private scope authenticates before its routes');
    const token = venue.websocketTokens.issue(apiKey, venue.clock.nowMs());
    // the request's nonce is durable before the token is handed out, as on every private answer
    await venue.barrier();
    return reply.send({ websocket_token: token });
  });
});
