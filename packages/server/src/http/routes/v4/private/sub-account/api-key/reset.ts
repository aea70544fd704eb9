import { subAccountApiKeyReset } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../../../route-deps.js';
import { defineRoute } from '../../../../../route-module.js';
import { requestedKey } from './requested-key.js';
import { subAccountKeyBody } from './api-key-body.js';

/**
 * `sub-account/api-key/reset`: a new key pair under the same id, with the same type, settings and
 * allow-list; the old pair signs nothing from now on and its streams close. 200 with the new secret,
 * shown this once. A type 2 key's new secret can withdraw: only a caller whose own key can may have
 * it, as only such a caller may create one.
 */
export const subAccountApiKeyResetRoute = defineRoute(
  subAccountApiKeyReset,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(subAccountApiKeyReset.path, { config: { endpoint: subAccountApiKeyReset } }, async (request, reply) => {
      const entry = await requestedKey(venue, request, reply, { changes: true });
      if (entry === undefined) return reply;
      const old = entry.record;
      // the new pair first: the id is never without one
      const made = venue.createApiKey(old.user, old.permissions, old.ips, old.subAccountKey);
      await Promise.all([made.durable, venue.revokeApiKey(old)]);
      return reply.send(subAccountKeyBody(venue.state, venue.keys.get(made.record.apiKey)!, made.secret));
    });
  },
);
