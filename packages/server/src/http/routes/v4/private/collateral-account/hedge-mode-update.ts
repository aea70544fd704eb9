import { collateralHedgeModeUpdate } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { sendTradingRejection } from '../../../../trading/send-rejection.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** Reference §6.6: `hedgeMode` boolean; refused (113) while futures positions or orders exist. */
export const collateralHedgeModeUpdateRoute = defineRoute(
  collateralHedgeModeUpdate,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      collateralHedgeModeUpdate.path,
      { config: { endpoint: collateralHedgeModeUpdate } },
      async (request, reply) => {
        const hedgeMode = (request.body as Record<string, unknown>).hedgeMode;
        if (hedgeMode === undefined || hedgeMode === null) {
          return sendError(reply, 'orderValidation', { errors: { hedgeMode: ['Hedge mode field is required.'] } });
        }
        if (typeof hedgeMode !== 'boolean') {
          return sendError(reply, 'orderValidation', {
            errors: { hedgeMode: ['Hedge mode field should be a boolean.'] },
          });
        }
        const { result } = await venue.submit({ type: 'SetHedgeMode', user: request.auth?.user ?? '', hedgeMode });
        if (!result.ok) return sendTradingRejection(reply, result.rejection);
        return reply.send({ hedgeMode: result.value.hedgeMode });
      },
    );
  },
);
