import { collateralFundingHistory } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { accountFundingHistory } from '../../../../../market-data/funding-records.js';
import { sendError } from '../../../../send-error.js';

import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { FieldValidation } from '../../../../validation/field-validation.js';
import { boundedInteger } from '../../../../validation/order-fields/bounded-integer.js';
import { tradingMarket } from '../../../../validation/order-fields/market.js';

/**
 * The caller's funding payments, newest first: `market` (a perpetual), `startDate` / `endDate` in
 * milliseconds (inclusive), `limit` 1–100 (100), `offset` 0–10000. Validation failures answer code 30.
 */
export const collateralFundingHistoryRoute = defineRoute(
  collateralFundingHistory,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      collateralFundingHistory.path,
      { config: { endpoint: collateralFundingHistory } },
      async (request, reply) => {
        const body = request.body as Record<string, unknown>;
        const v = new FieldValidation(body);
        const spec = tradingMarket(v, venue.state, { required: false, spotOnly: false });
        if (spec !== undefined && spec.type !== 'futures') v.add('market', 'Market is not available.');
        const startDate = boundedInteger(v, 'startDate', -1, 0, Number.MAX_SAFE_INTEGER);
        const endDate = boundedInteger(v, 'endDate', -1, 0, Number.MAX_SAFE_INTEGER);
        const limit = boundedInteger(v, 'limit', 100, 1, 100);
        const offset = boundedInteger(v, 'offset', 0, 0, 10_000);
        if (startDate >= 0 && endDate >= 0 && endDate < startDate) {
          v.add('endDate', 'The end date must be a date after or equal to the start date.');
        }
        if (v.failed) return sendError(reply, 'orderValidation', { errors: v.errors });
        const records = await venue.readDurable((store) =>
          accountFundingHistory(
            store,
            venue.state,
            request.auth?.user ?? '',
            spec?.name,
            {
              ...(startDate >= 0 ? { from: startDate * 1000 } : {}),
              ...(endDate >= 0 ? { to: endDate * 1000 + 999 } : {}),
            },
            { limit, offset },
          ),
        );
        return reply.send({ records, limit, offset });
      },
    );
  },
);
