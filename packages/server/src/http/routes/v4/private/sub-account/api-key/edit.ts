import { subAccountApiKeyEdit } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../../send-error.js';
import { MainValidation } from '../../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../../route-deps.js';
import { defineRoute } from '../../../../../route-module.js';
import { mainCaller } from '../caller.js';
import { callerSubAccountKey } from './caller-key.js';
import { restrictedForSubAccountKeys } from '../../../../../../venue/keys/endpoint-access.js';
import { requiredString, titleField, urlsField } from './api-key-fields.js';

/** `sub-account/api-key/edit`: a new title and endpoint settings, in force at once; 200 `{}`. Enabling a restricted URL is refused. */
export const subAccountApiKeyEditRoute = defineRoute(
  subAccountApiKeyEdit,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(subAccountApiKeyEdit.path, { config: { endpoint: subAccountApiKeyEdit } }, async (request, reply) => {
      const parent = mainCaller(venue.state, request, reply);
      if (parent === undefined) return reply;
      const v = new MainValidation(request.body as Record<string, unknown>);
      const apiKeyId = requiredString(v, 'apiKeyId');
      const title = titleField(v);
      const urls = urlsField(v);
      if (v.failed || apiKeyId === undefined || title === undefined || urls === undefined) {
        return sendError(reply, 'mainValidation', { errors: v.errors });
      }
      await venue.barrier();
      const entry = callerSubAccountKey(venue.state, venue.keys, parent, apiKeyId);
      if (entry === undefined) return sendError(reply, 'subAccountApiKeyNotFound');
      const restricted = urls.filter((u) => u.enable && restrictedForSubAccountKeys(u.url)).map((u) => u.url);
      if (restricted.length > 0) {
        return sendError(reply, 'subAccountApiKeyRestrictedUrls', { params: { urls: restricted.join(', ') } });
      }
      const { record } = entry;
      await venue.updateApiKey({ ...record, subAccountKey: { ...record.subAccountKey!, title, urls } });
      return reply.send({});
    });
  },
);
