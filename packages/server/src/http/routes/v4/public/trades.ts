import { trades } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { tradesView } from '../../../../market-data/public-views.js';
import { publicCache } from '../../../../market-data/public-cache.js';
import { sendError } from '../../../send-error.js';
import type { RouteDeps } from '../../route-deps.js';
import { publicMarket } from './market-param.js';
import { defineRoute } from '../../../route-module.js';

/** Reference §4.9: the 100 most recent trades, newest first, optionally of one taker side; cached 1 second. */
export const tradesRoute = defineRoute(trades, (app: FastifyInstance, { venue, marketData }: RouteDeps) => {
  const cache = publicCache<unknown[]>(venue, 1000);
  app.get<{ Params: { market: string }; Querystring: { type?: string } }>(
    trades.path,
    { config: { endpoint: trades } },
    async (request, reply) => {
      const spec = publicMarket(venue.state, request.params.market, reply);
      if (spec === undefined) return reply;
      const type = request.query.type;
      if (type !== undefined && type !== 'buy' && type !== 'sell') {
        return sendError(reply, 'publicValidation', { params: { detail: "Type should be 'sell' or 'buy'." } });
      }
      await venue.barrier();
      return reply.send(cache.get(`${spec.name}|${type ?? ''}`, () => tradesView(venue.state, marketData, spec, type)));
    },
  );
});
