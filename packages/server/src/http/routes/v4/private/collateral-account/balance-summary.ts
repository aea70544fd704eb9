import { collateralBalanceSummary } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { collateralBalanceRows } from '../../../../../account-views/collateral-balances.js';
import { readTime } from '../../../../../account-views/collateral-views.js';
import { sendError } from '../../../../send-error.js';

import type { RouteDeps } from '../../../route-deps.js';
import { optionalTicker } from './ticker-field.js';
import { defineRoute } from '../../../../route-module.js';
import { FieldValidation } from '../../../../validation/field-validation.js';

/** Reference §6.3: the collateral account per asset, as collateralBalanceRows figures it. */
export const collateralBalanceSummaryRoute = defineRoute(
  collateralBalanceSummary,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      collateralBalanceSummary.path,
      { config: { endpoint: collateralBalanceSummary } },
      async (request, reply) => {
        const body = request.body as Record<string, unknown>;
        const v = new FieldValidation(body);
        const ticker = optionalTicker(v, body, venue.state);
        if (v.failed) return sendError(reply, 'orderValidation', { errors: v.errors });
        const state = venue.state;
        const now = readTime(state, venue.clock.nowMicros());
        const rows = collateralBalanceRows(state, request.auth?.user ?? '', now, ticker);
        await venue.barrier();
        return reply.send(rows);
      },
    );
  },
);
