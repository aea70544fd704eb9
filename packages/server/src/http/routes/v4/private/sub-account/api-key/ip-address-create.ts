import { subAccountApiKeyIpAddressCreate } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../../send-error.js';
import type { RouteDeps } from '../../../../route-deps.js';
import { defineRoute } from '../../../../../route-module.js';
import { requestedKeyWith } from './requested-key.js';
import { MAX_ALLOW_LIST_ENTRIES, sameAddress } from '../../../../../../venue/keys/ip-allow-list.js';
import { ipField } from './api-key-fields.js';

/** `sub-account/api-key/ip-address/create`: the key signs from this address too, and once it has any, from its addresses only; 201 with the list. */
export const subAccountApiKeyIpAddressCreateRoute = defineRoute(
  subAccountApiKeyIpAddressCreate,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      subAccountApiKeyIpAddressCreate.path,
      { config: { endpoint: subAccountApiKeyIpAddressCreate } },
      async (request, reply) => {
        const requested = await requestedKeyWith(venue, request, reply, ipField, { changes: true });
        if (requested === undefined) return reply;
        const { record } = requested.entry;
        const ip = requested.fields;
        if (record.ips.some((known) => sameAddress(known, ip))) return sendError(reply, 'subAccountApiKeyIpTaken');
        if (record.ips.length >= MAX_ALLOW_LIST_ENTRIES) {
          return sendError(reply, 'subAccountApiKeyIpsFull', { params: { max: String(MAX_ALLOW_LIST_ENTRIES) } });
        }
        const ips = [...record.ips, ip];
        await venue.updateApiKey({ ...record, ips });
        return reply.code(201).send({ data: ips });
      },
    );
  },
);
