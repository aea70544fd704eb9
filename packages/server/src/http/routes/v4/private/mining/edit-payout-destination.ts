import { PAYOUT_DESTINATIONS } from '@txc/core';
import { miningEditPayoutDestination } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MiningValidation } from '../../../../validation/mining-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { sendMiningRejection } from './mining-rejection.js';
import { MAX_ACCOUNT_NAME_LENGTH, payoutAddress } from './mining-fields.js';
import { defineRoute } from '../../../../route-module.js';

/**
 * Spec §4.9, reference §8.2. The body is validated first (every field's problem at once); only a
 * well-formed request looks the account up, and an unknown or foreign account answers code 0 with
 * `errors.user`. With `main_balance` any `address` is ignored and the stored one is forgotten.
 */
export const miningEditPayoutDestinationRoute = defineRoute(
  miningEditPayoutDestination,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      miningEditPayoutDestination.path,
      { config: { endpoint: miningEditPayoutDestination } },
      async (request, reply) => {
        const v = new MiningValidation(request.body as Record<string, unknown>);
        const accountName = v.requiredString('accountName', 'account name', MAX_ACCOUNT_NAME_LENGTH);
        const destination = v.requiredChoice('destination', 'destination', PAYOUT_DESTINATIONS);
        const address = destination === 'external_address' ? payoutAddress(v) : undefined;
        if (v.failed || accountName === undefined || destination === undefined) {
          return sendError(reply, 'mainValidation', { errors: v.errors });
        }

        const { result } = await venue.submit({
          type: 'SetMiningPayoutDestination',
          user: request.auth?.user ?? '',
          account: accountName,
          destination,
          address: address ?? null,
        });
        if (!result.ok) return sendMiningRejection(reply, result.rejection);
        return reply.send(result.value);
      },
    );
  },
);
