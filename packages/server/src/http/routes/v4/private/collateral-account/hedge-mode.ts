import { accountView } from '@txc/core';
import { collateralHedgeMode } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** Reference §6.6: `{"hedgeMode": bool}`; one-way mode (false) until the account turns it on. */
export const collateralHedgeModeRoute = defineRoute(
  collateralHedgeMode,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(collateralHedgeMode.path, { config: { endpoint: collateralHedgeMode } }, async (request, reply) => {
      const hedgeMode = accountView(venue.state, request.auth?.user ?? '').hedgeMode;
      await venue.barrier();
      return reply.send({ hedgeMode });
    });
  },
);
