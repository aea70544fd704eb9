import { mainAccountAddress } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import type { RouteDeps } from '../../../route-deps.js';
import { answerAddress, parseAddressRequest } from './deposit-address-request.js';
import { defineRoute } from '../../../../route-module.js';

/** Spec §4.7, reference §7.2: the persistent deposit address, created on first request. */
export const mainAccountAddressRoute = defineRoute(
  mainAccountAddress,
  (app: FastifyInstance, { venue, depositAddresses }: RouteDeps) => {
    app.post(mainAccountAddress.path, { config: { endpoint: mainAccountAddress } }, async (request, reply) => {
      const parsed = parseAddressRequest(venue, request.body, {
        fiat: 'addressFiat',
        notDepositable: 'addressNotDepositable',
        unknownNetwork: 'The selected network is invalid.',
      });
      if (!parsed.ok)
        return sendError(reply, parsed.error, parsed.errors === undefined ? {} : { errors: parsed.errors });
      const user = request.auth?.user ?? '';
      const answer = await depositAddresses.persistent(user, parsed.asset, parsed.network);
      return answerAddress(reply, venue, parsed, answer, 200);
    });
  },
);
