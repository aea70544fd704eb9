import { subAccountApiKeyIpAddressDelete } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../../send-error.js';
import type { RouteDeps } from '../../../../route-deps.js';
import { defineRoute } from '../../../../../route-module.js';
import { requestedKeyWith } from './requested-key.js';
import { sameAddress } from '../../../../../../venue/keys/ip-allow-list.js';
import { ipField } from './api-key-fields.js';

/** `sub-account/api-key/ip-address/delete`: the key no longer signs from this address (with none left, from any); 200 with the list. */
export const subAccountApiKeyIpAddressDeleteRoute = defineRoute(
  subAccountApiKeyIpAddressDelete,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      subAccountApiKeyIpAddressDelete.path,
      { config: { endpoint: subAccountApiKeyIpAddressDelete } },
      async (request, reply) => {
        const requested = await requestedKeyWith(venue, request, reply, ipField, { changes: true });
        if (requested === undefined) return reply;
        const { record } = requested.entry;
        const ip = requested.fields;
        const ips = record.ips.filter((known) => !sameAddress(known, ip));
        if (ips.length === record.ips.length) return sendError(reply, 'subAccountApiKeyIpMissing', { params: { ip } });
        await venue.updateApiKey({ ...record, ips });
        return reply.send({ data: ips });
      },
    );
  },
);
