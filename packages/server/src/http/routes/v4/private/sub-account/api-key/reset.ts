import { subAccountApiKeyReset } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../../send-error.js';
import { MainValidation } from '../../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../../route-deps.js';
import { defineRoute } from '../../../../../route-module.js';
import { mainCaller } from '../caller.js';
import { callerSubAccountKey } from './caller-key.js';
import { requiredString } from './api-key-fields.js';
import { subAccountKeyBody } from './api-key-body.js';

/** `sub-account/api-key/reset`: a new key pair under the same id, with the same type, settings and allow-list; the old pair signs nothing from now on and its streams close. 200 with the new secret, shown this once. */
export const subAccountApiKeyResetRoute = defineRoute(
  subAccountApiKeyReset,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(subAccountApiKeyReset.path, { config: { endpoint: subAccountApiKeyReset } }, async (request, reply) => {
      const parent = mainCaller(venue.state, request, reply);
      if (parent === undefined) return reply;
      const v = new MainValidation(request.body as Record<string, unknown>);
      const apiKeyId = requiredString(v, 'apiKeyId');
      if (v.failed || apiKeyId === undefined) return sendError(reply, 'mainValidation', { errors: v.errors });
      await venue.barrier();
      const entry = callerSubAccountKey(venue.state, venue.keys, parent, apiKeyId);
      if (entry === undefined) return sendError(reply, 'subAccountApiKeyNotFound');
      const old = entry.record;
      // the new pair first: the id is never without one
      const made = venue.createApiKey(old.user, old.permissions, old.ips, old.subAccountKey);
      await Promise.all([made.durable, venue.revokeApiKey(old)]);
      return reply.send(subAccountKeyBody(venue.state, venue.keys.get(made.record.apiKey)!, made.secret));
    });
  },
);
