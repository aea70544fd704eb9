import { subAccountApiKeyIpAddressList } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../../../route-deps.js';
import { defineRoute } from '../../../../../route-module.js';
import { requestedKey } from './requested-key.js';

/** `sub-account/api-key/ip-address/list`: the addresses the key may be used from (none: any). */
export const subAccountApiKeyIpAddressListRoute = defineRoute(
  subAccountApiKeyIpAddressList,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      subAccountApiKeyIpAddressList.path,
      { config: { endpoint: subAccountApiKeyIpAddressList } },
      async (request, reply) => {
        const entry = await requestedKey(venue, request, reply);
        if (entry === undefined) return reply;
        return reply.send({ data: [...entry.record.ips] });
      },
    );
  },
);
