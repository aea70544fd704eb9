import { accountFigures, accountView } from '@txc/core';
import { collateralPositionsOpen } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { positionBody, readTime } from '../../../../../account-views/collateral-views.js';

import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { FieldValidation } from '../../../../validation/field-validation.js';
import { tradingMarket } from '../../../../validation/order-fields/market.js';

/** Reference §6.4: the caller's open positions (of `market` when given), oldest first. */
export const collateralPositionsOpenRoute = defineRoute(
  collateralPositionsOpen,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      collateralPositionsOpen.path,
      { config: { endpoint: collateralPositionsOpen } },
      async (request, reply) => {
        const body = request.body as Record<string, unknown>;
        const v = new FieldValidation(body);
        const spec = tradingMarket(v, venue.state, { required: false, spotOnly: false });
        if (v.failed) return sendError(reply, 'orderValidation', { errors: v.errors });
        const state = venue.state;
        const user = request.auth?.user ?? '';
        const now = readTime(state, venue.clock.nowMicros());
        const f = accountFigures(state, user, now);
        const positions = [...accountView(state, user).positions.values()]
          .filter((p) => spec === undefined || p.market === spec.name)
          .sort((a, b) => a.id - b.id)
          .map((p) => positionBody(state, user, p, f, now));
        await venue.barrier();
        return reply.send(positions);
      },
    );
  },
);
