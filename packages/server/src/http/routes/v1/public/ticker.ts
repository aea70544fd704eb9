import { tickerV1 } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { marketActivity } from '../../../../market-data/public-views.js';
import { publicCache } from '../../../../market-data/public-cache.js';
import { sendError } from '../../../send-error.js';
import type { RouteDeps } from '../../route-deps.js';
import { publicMarket } from '../../v4/public/market-param.js';
import { defineRoute } from '../../../route-module.js';

/** The API V1 single-market ticker that ccxt's `fetchTicker` reads (docs/decisions.md); cached 1 second. */
export const tickerV1Route = defineRoute(tickerV1, (app: FastifyInstance, { venue, marketData }: RouteDeps) => {
  const cache = publicCache<unknown>(venue, 1000);
  app.get<{ Querystring: { market?: string } }>(
    tickerV1.path,
    { config: { endpoint: tickerV1 } },
    async (request, reply) => {
      const name = request.query.market;
      if (name === undefined || name === '') {
        return sendError(reply, 'publicValidation', { params: { detail: 'The market field is required.' } });
      }
      const spec = publicMarket(venue.state, name, reply);
      if (spec === undefined) return reply;
      await venue.barrier();
      const result = cache.get(spec.name, () => marketActivity(venue.state, marketData, spec));
      return reply.send({ success: true, message: null, result });
    },
  );
});
