import { formatUnits } from '@txc/core';
import { tradesV2 } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { publicCache } from '../../../../market-data/public-cache.js';
import type { RouteDeps } from '../../route-deps.js';
import { publicMarket } from '../../v4/public/market-param.js';
import { defineRoute } from '../../../route-module.js';

/**
 * API V2 recent trades: the 100 most recent, newest first; `volume` in stock, `isBuyerMaker` when the
 * taker sold (the buyer's order rested). Cached 1 second.
 */
export const tradesV2Route = defineRoute(tradesV2, (app: FastifyInstance, { venue, marketData }: RouteDeps) => {
  const cache = publicCache<unknown>(venue, 1000);
  app.get<{ Params: { market: string } }>(tradesV2.path, { config: { endpoint: tradesV2 } }, async (request, reply) => {
    const spec = publicMarket(venue.state, request.params.market, reply);
    if (spec === undefined) return reply;
    await venue.barrier();
    const result = cache.get(spec.name, () =>
      marketData.recentTrades(spec.name).map((t) => ({
        tradeId: t.tradeId,
        price: formatUnits(BigInt(t.price), spec.moneyPrec),
        volume: formatUnits(BigInt(t.lots), spec.stockPrec),
        time: new Date(Math.floor(t.time / 1000)).toISOString(),
        isBuyerMaker: t.takerSide === 'sell',
      })),
    );
    return reply.send({ success: true, message: null, result });
  });
});
