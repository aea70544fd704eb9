import { subAccountApiKeyDelete } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../../../route-deps.js';
import { defineRoute } from '../../../../../route-module.js';
import { requestedKey } from './requested-key.js';

/** `sub-account/api-key/delete`: revokes the key: it signs nothing from now on, its streams close; 200 `{}`. */
export const subAccountApiKeyDeleteRoute = defineRoute(
  subAccountApiKeyDelete,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(subAccountApiKeyDelete.path, { config: { endpoint: subAccountApiKeyDelete } }, async (request, reply) => {
      const entry = await requestedKey(venue, request, reply);
      if (entry === undefined) return reply;
      await venue.revokeApiKey(entry.record);
      return reply.send({});
    });
  },
);
