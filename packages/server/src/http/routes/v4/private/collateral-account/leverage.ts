import { LEVERAGES } from '@txc/core';
import { collateralLeverage } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { LEVERAGE_MESSAGE } from '../../../../../order-entry/trading-rejection.js';
import { sendTradingRejection } from '../../../../trading/send-rejection.js';
import { integerValue } from '../../../../validation/integer-value.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/**
 * Reference §6.5: `leverage` one of 1, 2, 3, 5, 10, 20, 50, 100 (an integer, or its digits), else
 * code 30; answers `{"leverage": n}`. A market whose maximum is lower uses its maximum.
 */
export const collateralLeverageRoute = defineRoute(collateralLeverage, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(collateralLeverage.path, { config: { endpoint: collateralLeverage } }, async (request, reply) => {
    const raw = (request.body as Record<string, unknown>).leverage;
    const leverage = integerValue(raw);
    if (raw === undefined || raw === null) {
      return sendError(reply, 'orderValidation', { errors: { leverage: ['Leverage field is required.'] } });
    }
    if (leverage === undefined || !LEVERAGES.includes(leverage)) {
      return sendError(reply, 'orderValidation', { errors: { leverage: [LEVERAGE_MESSAGE] } });
    }
    const { result } = await venue.submit({ type: 'SetLeverage', user: request.auth?.user ?? '', leverage });
    if (!result.ok) return sendTradingRejection(reply, result.rejection);
    return reply.send({ leverage: result.value.leverage });
  });
});
