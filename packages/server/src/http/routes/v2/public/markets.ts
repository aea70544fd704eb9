import { marketsV2 } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { marketInfo, openMarkets } from '../../../../market-data/public-views.js';
import { TtlCache } from '../../../../market-data/ttl-cache.js';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

/** API V2 market info: the V4 listing's fields up to the minimum total and whether trading is on, wrapped; cached 1 second. */
export const marketsV2Route = defineRoute(marketsV2, (app: FastifyInstance, { venue }: RouteDeps) => {
  const cache = new TtlCache<unknown>(1000, () => venue.clock.nowMs());
  app.get(marketsV2.path, { config: { endpoint: marketsV2 } }, async (_request, reply) => {
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
          minTotal: i.minTotal,
          tradesEnabled: i.tradesEnabled,
        };
      }),
    );
    return reply.send({ success: true, message: null, result });
  });
});
