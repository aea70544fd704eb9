import { depthV2 } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { levelTexts } from '../../../../market-data/public-views.js';
import { publicCache } from '../../../../market-data/public-cache.js';
import type { RouteDeps } from '../../route-deps.js';
import { publicMarket } from '../../v4/public/market-param.js';
import { defineRoute } from '../../../route-module.js';

/** The most levels a side of the API V2 book shows (it takes no limit). */
const LEVELS = 100;

/** API V2 order book: up to 100 visible levels a side, best first, wrapped with when it was taken; cached 100 ms. */
export const depthV2Route = defineRoute(depthV2, (app: FastifyInstance, { venue }: RouteDeps) => {
  const cache = publicCache<unknown>(venue, 100);
  app.get<{ Params: { market: string } }>(depthV2.path, { config: { endpoint: depthV2 } }, async (request, reply) => {
    const spec = publicMarket(venue.state, request.params.market, reply);
    if (spec === undefined) return reply;
    await venue.barrier();
    const result = cache.get(spec.name, () => {
      const book = venue.state.trading.markets.get(spec.name)?.book;
      return {
        lastUpdateTimestamp: new Date(venue.clock.nowMs()).toISOString(),
        asks: book === undefined ? [] : levelTexts(spec, book.levels('sell', LEVELS)),
        bids: book === undefined ? [] : levelTexts(spec, book.levels('buy', LEVELS)),
      };
    });
    return reply.send({ success: true, message: null, result });
  });
});
