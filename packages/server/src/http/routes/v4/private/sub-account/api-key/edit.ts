import { subAccountApiKeyEdit } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../../send-error.js';
import type { MainValidation } from '../../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../../route-deps.js';
import { defineRoute } from '../../../../../route-module.js';
import { requestedKeyWith } from './requested-key.js';
import { restrictedForSubAccountKeys } from '../../../../../../venue/keys/endpoint-access.js';
import type { EndpointSetting } from '../../../../../../store/port.js';
import { titleField, urlsField } from './api-key-fields.js';

/** `title` and `urls`, both read whatever the first says, so that the errors of both are listed. */
function titleAndUrls(v: MainValidation): { title: string; urls: EndpointSetting[] } | undefined {
  const title = titleField(v);
  const urls = urlsField(v);
  return title === undefined || urls === undefined ? undefined : { title, urls };
}

/** `sub-account/api-key/edit`: a new title and endpoint settings, in force at once; 200 `{}`. Enabling a restricted URL is refused. */
export const subAccountApiKeyEditRoute = defineRoute(
  subAccountApiKeyEdit,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(subAccountApiKeyEdit.path, { config: { endpoint: subAccountApiKeyEdit } }, async (request, reply) => {
      const requested = await requestedKeyWith(venue, request, reply, titleAndUrls, { changes: true });
      if (requested === undefined) return reply;
      const { entry } = requested;
      const { title, urls } = requested.fields;
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
