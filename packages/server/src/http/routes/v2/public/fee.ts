import { rateToPercent } from '@txc/core';
import { feeV2 } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { prevailingFees } from '../../../../market-data/prevailing-fees.js';
import type { RouteDeps } from '../../route-deps.js';

/** API V2 fee: the maker and taker rates most spot markets charge, in percent. */
export function feeV2Route(app: FastifyInstance, { venue }: RouteDeps): void {
  app.get(feeV2.path, { config: { endpoint: feeV2 } }, async (_request, reply) => {
    const fees = prevailingFees(venue.state, 'spot');
    await venue.barrier();
    const result = { makerFee: rateToPercent(fees.maker), takerFee: rateToPercent(fees.taker) };
    return reply.send({ success: true, message: null, result });
  });
}
