import { formatUnits } from '@txc/core';
import { historyV1 } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { publicCache } from '../../../../market-data/public-cache.js';
import { sendError } from '../../../send-error.js';
import type { RouteDeps } from '../../route-deps.js';
import { publicMarket } from '../../v4/public/market-param.js';
import { clampedInteger, requiredQueryMarket } from './query-integer.js';
import { defineRoute } from '../../../route-module.js';

/**
 * API V1 trade history: of a market's 100 most recent trades, those with an id above `lastId`
 * (required), newest first, at most `limit` (1–100, default 50); cached 1 second.
 */
export const historyV1Route = defineRoute(historyV1, (app: FastifyInstance, { venue, marketData }: RouteDeps) => {
  const cache = publicCache<unknown>(venue, 1000);
  app.get<{ Querystring: { market?: string; lastId?: string; limit?: string } }>(
    historyV1.path,
    { config: { endpoint: historyV1 } },
    async (request, reply) => {
      const name = requiredQueryMarket(reply, request.query.market);
      if (name === undefined) return reply;
      const spec = publicMarket(venue.state, name, reply);
      if (spec === undefined) return reply;
      const { lastId: lastIdText } = request.query;
      if (lastIdText === undefined || lastIdText === '') {
        return sendError(reply, 'publicValidation', { params: { detail: 'The lastId field is required.' } });
      }
      const lastId = clampedInteger(reply, 'lastId', lastIdText, { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: 0 });
      if (lastId === undefined) return reply;
      const limit = clampedInteger(reply, 'limit', request.query.limit, { min: 1, max: 100, fallback: 50 });
      if (limit === undefined) return reply;
      await venue.barrier();
      const result = cache.get(`${spec.name}|${lastId}|${limit}`, () =>
        marketData
          .recentTrades(spec.name)
          .filter((t) => t.tradeId > lastId)
          .slice(0, limit)
          .map((t) => ({
            id: t.tradeId,
            time: t.time / 1_000_000,
            price: formatUnits(BigInt(t.price), spec.moneyPrec),
            amount: formatUnits(BigInt(t.lots), spec.stockPrec),
            type: t.takerSide,
          })),
      );
      return reply.send({ success: true, message: null, result });
    },
  );
});
