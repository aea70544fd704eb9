import { rateToPercent } from '@txc/core';
import { feeV2 } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { prevailingFees } from '../../../../market-data/prevailing-fees.js';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

/** API V2 fee: the maker and taker rates most spot markets charge, in percent. */
export const feeV2Route = defineRoute(feeV2, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.get(feeV2.path, { config: { endpoint: feeV2 } }, async (_request, reply) => {
    const fees = prevailingFees(venue.state, 'spot');
    await venue.barrier();
    const result = { makerFee: rateToPercent(fees.maker), takerFee: rateToPercent(fees.taker) };
    return reply.send({ success: true, message: null, result });
  });
});
