import { subAccountApiKeyIpAddressDelete } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../../send-error.js';
import { MainValidation } from '../../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../../route-deps.js';
import { defineRoute } from '../../../../../route-module.js';
import { mainCaller } from '../caller.js';
import { callerSubAccountKey } from './caller-key.js';
import { sameAddress } from '../../../../../../venue/keys/ip-allow-list.js';
import { ipField, requiredString } from './api-key-fields.js';

/** `sub-account/api-key/ip-address/delete`: the key no longer signs from this address (with none left, from any); 200 with the list. */
export const subAccountApiKeyIpAddressDeleteRoute = defineRoute(
  subAccountApiKeyIpAddressDelete,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      subAccountApiKeyIpAddressDelete.path,
      { config: { endpoint: subAccountApiKeyIpAddressDelete } },
      async (request, reply) => {
        const parent = mainCaller(venue.state, request, reply);
        if (parent === undefined) return reply;
        const v = new MainValidation(request.body as Record<string, unknown>);
        const apiKeyId = requiredString(v, 'apiKeyId');
        const ip = ipField(v);
        if (v.failed || apiKeyId === undefined || ip === undefined) {
          return sendError(reply, 'mainValidation', { errors: v.errors });
        }
        await venue.barrier();
        const entry = callerSubAccountKey(venue.state, venue.keys, parent, apiKeyId);
        if (entry === undefined) return sendError(reply, 'subAccountApiKeyNotFound');
        const { record } = entry;
        const ips = record.ips.filter((known) => !sameAddress(known, ip));
        if (ips.length === record.ips.length) return sendError(reply, 'subAccountApiKeyIpMissing', { params: { ip } });
        await venue.updateApiKey({ ...record, ips });
        return reply.send({ data: ips });
      },
    );
  },
);
