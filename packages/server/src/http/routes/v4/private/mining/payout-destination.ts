import { findMiningAccount } from '@txc/core';
import { miningPayoutDestination } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MiningValidation } from '../../../../validation/mining-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { MAX_ACCOUNT_NAME_LENGTH } from './mining-fields.js';
import { defineRoute } from '../../../../route-module.js';

/** Reference §8.1: the destination in force; another user's account is answered as unknown. */
export const miningPayoutDestinationRoute = defineRoute(
  miningPayoutDestination,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      miningPayoutDestination.path,
      { config: { endpoint: miningPayoutDestination } },
      async (request, reply) => {
        const v = new MiningValidation(request.body as Record<string, unknown>);
        const accountName = v.requiredString('accountName', 'account name', MAX_ACCOUNT_NAME_LENGTH);
        if (v.failed || accountName === undefined) return sendError(reply, 'mainValidation', { errors: v.errors });

        const account = findMiningAccount(venue.state.mining, request.auth?.user ?? '', accountName);
        const body =
          account === undefined
            ? undefined
            : { payoutDestination: account.payoutDestination, externalAddress: account.externalAddress };
        await venue.barrier();
        if (body === undefined) return sendError(reply, 'miningAccountNotFound');
        return reply.send(body);
      },
    );
  },
);
