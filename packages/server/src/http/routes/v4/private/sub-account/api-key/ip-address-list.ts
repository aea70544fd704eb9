import { subAccountApiKeyIpAddressList } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../../send-error.js';
import { MainValidation } from '../../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../../route-deps.js';
import { defineRoute } from '../../../../../route-module.js';
import { mainCaller } from '../caller.js';
import { callerSubAccountKey } from './caller-key.js';
import { requiredString } from './api-key-fields.js';

/** `sub-account/api-key/ip-address/list`: the addresses the key may be used from (none: any). */
export const subAccountApiKeyIpAddressListRoute = defineRoute(
  subAccountApiKeyIpAddressList,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      subAccountApiKeyIpAddressList.path,
      { config: { endpoint: subAccountApiKeyIpAddressList } },
      async (request, reply) => {
        const parent = mainCaller(venue.state, request, reply);
        if (parent === undefined) return reply;
        const v = new MainValidation(request.body as Record<string, unknown>);
        const apiKeyId = requiredString(v, 'apiKeyId');
        if (v.failed || apiKeyId === undefined) return sendError(reply, 'mainValidation', { errors: v.errors });
        await venue.barrier();
        const entry = callerSubAccountKey(venue.state, venue.keys, parent, apiKeyId);
        if (entry === undefined) return sendError(reply, 'subAccountApiKeyNotFound');
        return reply.send({ data: [...entry.record.ips] });
      },
    );
  },
);
