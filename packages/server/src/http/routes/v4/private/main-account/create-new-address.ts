import { mainAccountCreateNewAddress } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import { optionalString } from '../../../../validation/wallet-fields.js';
import type { RouteDeps } from '../../../route-deps.js';
import { answerAddress, parseAddressRequest } from './deposit-address-request.js';
import { defineRoute } from '../../../../route-module.js';

/** Reference §7.3: a further deposit address at a fresh derivation index; 201. */
export const mainAccountCreateNewAddressRoute = defineRoute(
  mainAccountCreateNewAddress,
  (app: FastifyInstance, { venue, wallet, depositAddresses }: RouteDeps) => {
    app.post(
      mainAccountCreateNewAddress.path,
      { config: { endpoint: mainAccountCreateNewAddress } },
      async (request, reply) => {
        const parsed = parseAddressRequest(venue, request.body, {
          fiat: 'createAddressFiat',
          notDepositable: 'createAddressNotDepositable',
          unknownNetwork: 'Unsupported network',
        });
        if (!parsed.ok)
          return sendError(reply, parsed.error, parsed.errors === undefined ? {} : { errors: parsed.errors });
        const v = new MainValidation(parsed.body);
        const type = optionalString(v, parsed.body, 'type');
        const family = wallet.family(parsed.network);
        // Only chains with several address types take `type` (Bitcoin: bech32 or p2sh-segwit).
        if (
          type !== undefined &&
          (family === undefined || family.addressTypes.length < 2 || !family.addressTypes.includes(type))
        ) {
          v.add('type', 'The selected type is invalid.');
        }
        if (v.failed) return sendError(reply, 'mainValidation', { errors: v.errors });
        const user = request.auth?.user ?? '';
        const answer = await depositAddresses.fresh(user, parsed.asset, parsed.network, type ?? null);
        return answerAddress(reply, venue, parsed, answer, 201);
      },
    );
  },
);
