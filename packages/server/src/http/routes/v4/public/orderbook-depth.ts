import { orderbookDepth } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { levelTexts } from '../../../../market-data/public-views.js';
import { publicCache } from '../../../../market-data/public-cache.js';
import type { RouteDeps } from '../../route-deps.js';
import { publicMarket } from './market-param.js';
import { defineRoute } from '../../../route-module.js';

/**
 * Reference §4.8: every visible level within ±2 % of the last trade price (of the mid price before
 * the first trade), cached 1 second.
 */
export const orderbookDepthRoute = defineRoute(orderbookDepth, (app: FastifyInstance, { venue }: RouteDeps) => {
  const cache = publicCache<unknown>(venue, 1000);
  app.get<{ Params: { market: string } }>(
    orderbookDepth.path,
    { config: { endpoint: orderbookDepth } },
    async (request, reply) => {
      const spec = publicMarket(venue.state, request.params.market, reply);
      if (spec === undefined) return reply;
      await venue.barrier();
      const body = cache.get(spec.name, () => {
        const market = venue.state.trading.markets.get(spec.name);
        const bids = market?.book.levels('buy', Infinity) ?? [];
        const asks = market?.book.levels('sell', Infinity) ?? [];
        const bid = bids[0]?.price;
        const ask = asks[0]?.price;
        const ref =
          market?.lastPrice ?? (bid !== undefined && ask !== undefined ? (bid + ask) / 2 : (bid ?? ask ?? undefined));
        const within = (p: number): boolean => ref !== undefined && p * 100 >= ref * 98 && p * 100 <= ref * 102;
        return {
          ticker_id: spec.name,
          timestamp: Math.floor(venue.clock.nowMs() / 1000),
          asks: levelTexts(
            spec,
            asks.filter((l) => within(l.price)),
          ),
          bids: levelTexts(
            spec,
            bids.filter((l) => within(l.price)),
          ),
        };
      });
      return reply.send(body);
    },
  );
});
