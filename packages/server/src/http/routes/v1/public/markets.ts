import { marketsV1 } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { marketInfo, openMarkets } from '../../../../market-data/public-views.js';
import { TtlCache } from '../../../../market-data/ttl-cache.js';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

/** API V1 market info: the V4 listing's first fields, wrapped; cached 1 second. */
export const marketsV1Route = defineRoute(marketsV1, (app: FastifyInstance, { venue }: RouteDeps) => {
  const cache = new TtlCache<unknown>(1000, () => venue.clock.nowMs());
  app.get(marketsV1.path, { config: { endpoint: marketsV1 } }, async (_request, reply) => {
    await venue.barrier();
    const result = cache.get('all', () =>
      openMarkets(venue.state).map((m) => {
        const i = marketInfo(venue.state, m);
        return {
          name: i.name,
          stock: i.stock,
          money: i.money,
          stockPrec: i.stockPrec,
          moneyPrec: i.moneyPrec,
          feePrec: i.feePrec,
          makerFee: i.makerFee,
          takerFee: i.takerFee,
          minAmount: i.minAmount,
        };
      }),
    );
    return reply.send({ success: true, message: null, result });
  });
});
