import { orderbook } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { aggregate, levelTexts } from '../../../../market-data/public-views.js';
import { publicCache } from '../../../../market-data/public-cache.js';
import { sendError } from '../../../send-error.js';
import type { RouteDeps } from '../../route-deps.js';
import { publicMarket } from './market-param.js';
import { defineRoute } from '../../../route-module.js';

/** Any integer, however long: out of range it is clamped (a run of digits too long for a double too). */
const INTEGER = /^-?[0-9]+$/;

/**
 * Reference §4.8: the book's visible levels, best first. `limit` 0–100 (0 or absent: 100) and
 * `level` 0–10 (aggregation into 10^level ticks) are clamped, empty is absent; not integers answers 422.
 * Cached 100 ms.
 */
export const orderbookRoute = defineRoute(orderbook, (app: FastifyInstance, { venue }: RouteDeps) => {
  const cache = publicCache<unknown>(venue, 100);
  app.get<{ Params: { market: string }; Querystring: Record<string, string | undefined> }>(
    orderbook.path,
    { config: { endpoint: orderbook } },
    async (request, reply) => {
      const spec = publicMarket(venue.state, request.params.market, reply);
      if (spec === undefined) return reply;
      // an empty value counts as absent, as Laravel reads a query (docs/decisions.md, "Empty strings")
      const limitText = request.query.limit || undefined;
      const levelText = request.query.level || undefined;
      if (limitText !== undefined && !INTEGER.test(limitText)) {
        return sendError(reply, 'publicValidation', { params: { detail: 'The limit must be an integer.' } });
      }
      if (levelText !== undefined && !INTEGER.test(levelText)) {
        return sendError(reply, 'publicValidation', { params: { detail: 'The level must be an integer.' } });
      }
      const rawLimit = Math.min(100, Math.max(0, Number(limitText ?? 0)));
      const limit = rawLimit === 0 ? 100 : rawLimit;
      const level = Math.min(10, Math.max(0, Number(levelText ?? 0)));
      await venue.barrier();
      const body = cache.get(`${spec.name}|${limit}|${level}`, () => {
        const book = venue.state.trading.markets.get(spec.name)?.book;
        const side = (s: 'buy' | 'sell'): [string, string][] =>
          book === undefined
            ? []
            : levelTexts(spec, aggregate(s, book.levels(s, level === 0 ? limit : Infinity), level).slice(0, limit));
        return {
          ticker_id: spec.name,
          timestamp: Math.floor(venue.clock.nowMs() / 1000),
          asks: side('sell'),
          bids: side('buy'),
        };
      });
      return reply.send(body);
    },
  );
});
