import { depthV1 } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { levelTexts } from '../../../../market-data/public-views.js';
import { publicCache } from '../../../../market-data/public-cache.js';
import type { RouteDeps } from '../../route-deps.js';
import { publicMarket } from '../../v4/public/market-param.js';
import { clampedInteger, requiredQueryMarket } from './query-integer.js';
import { defineRoute } from '../../../route-module.js';

/** API V1 order depth: the visible levels of `market`, best first, up to `limit` (1–100, default 100); cached 100 ms. */
export const depthV1Route = defineRoute(depthV1, (app: FastifyInstance, { venue }: RouteDeps) => {
  const cache = publicCache<unknown>(venue, 100);
  app.get<{ Querystring: { market?: string; limit?: string } }>(
    depthV1.path,
    { config: { endpoint: depthV1 } },
    async (request, reply) => {
      const name = requiredQueryMarket(reply, request.query.market);
      if (name === undefined) return reply;
      const spec = publicMarket(venue.state, name, reply);
      if (spec === undefined) return reply;
      const limit = clampedInteger(reply, 'limit', request.query.limit, { min: 1, max: 100, fallback: 100 });
      if (limit === undefined) return reply;
      await venue.barrier();
      const body = cache.get(`${spec.name}|${limit}`, () => {
        const book = venue.state.trading.markets.get(spec.name)?.book;
        return {
          asks: book === undefined ? [] : levelTexts(spec, book.levels('sell', limit)),
          bids: book === undefined ? [] : levelTexts(spec, book.levels('buy', limit)),
        };
      });
      return reply.send(body);
    },
  );
});
