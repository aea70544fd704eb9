import { subAccountApiKeyDelete } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../../send-error.js';
import { MainValidation } from '../../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../../route-deps.js';
import { defineRoute } from '../../../../../route-module.js';
import { mainCaller } from '../caller.js';
import { callerSubAccountKey } from './caller-key.js';
import { requiredString } from './api-key-fields.js';

/** `sub-account/api-key/delete`: revokes the key: it signs nothing from now on, its streams close; 200 `{}`. */
export const subAccountApiKeyDeleteRoute = defineRoute(
  subAccountApiKeyDelete,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(subAccountApiKeyDelete.path, { config: { endpoint: subAccountApiKeyDelete } }, async (request, reply) => {
      const parent = mainCaller(venue.state, request, reply);
      if (parent === undefined) return reply;
      const v = new MainValidation(request.body as Record<string, unknown>);
      const apiKeyId = requiredString(v, 'apiKeyId');
      if (v.failed || apiKeyId === undefined) return sendError(reply, 'mainValidation', { errors: v.errors });
      await venue.barrier();
      const entry = callerSubAccountKey(venue.state, venue.keys, parent, apiKeyId);
      if (entry === undefined) return sendError(reply, 'subAccountApiKeyNotFound');
      await venue.revokeApiKey(entry.record);
      return reply.send({});
    });
  },
);
