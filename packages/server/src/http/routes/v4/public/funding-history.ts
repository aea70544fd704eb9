import { fundingHistory } from '@txc/sdk';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { publicFundingHistory } from '../../../../market-data/funding-records.js';
import { sendError } from '../../../send-error.js';
import type { RouteDeps } from '../../route-deps.js';
import { publicMarket } from './market-param.js';
import { defineRoute } from '../../../route-module.js';

/** Any integer, however long: beyond the bounds it answers the bound's message. */
const INTEGER = /^-?[0-9]+$/;

/**
 * A query integer within bounds, or the reference's message for it (reference §4.12 words its
 * bounds "must be less than or equal to" / "greater than or equal to").
 */
function bounded(
  query: Record<string, string | undefined>,
  field: string,
  fallback: number,
  min: number,
  max: number,
): number | string {
  const text = query[field];
  if (text === undefined || text === '') return fallback;
  if (!INTEGER.test(text)) return `${field} must be an integer`;
  const n = Number(text);
  if (n < min) return `${field} must be greater than or equal to ${min}`;
  if (n > max) return `${field} must be less than or equal to ${max}`;
  return n;
}

function refuse(reply: FastifyReply, detail: string): FastifyReply {
  return sendError(reply, 'publicValidation', { params: { detail } });
}

/**
 * Reference §4.12: a perpetual's funding settlements, newest first. `startDate` / `endDate` in
 * seconds (inclusive), `limit` 1–100 (100), `offset` 0–1 000 000; answered from the durable record.
 */
export const fundingHistoryRoute = defineRoute(fundingHistory, (app: FastifyInstance, { venue }: RouteDeps) => {
  // no market in the path (a trailing slash is ignored): the reference's own message, not a 404
  app.get(fundingHistory.path.replace('/:market', ''), (_request, reply) => refuse(reply, 'market is required'));
  app.get<{ Params: { market: string }; Querystring: Record<string, string | undefined> }>(
    fundingHistory.path,
    { config: { endpoint: fundingHistory } },
    async (request, reply) => {
      const spec = publicMarket(venue.state, request.params.market, reply);
      if (spec === undefined) return reply;
      if (spec.type !== 'futures') return refuse(reply, 'Market is not available.');
      const limit = bounded(request.query, 'limit', 100, 1, 100);
      const offset = bounded(request.query, 'offset', 0, 0, 1_000_000);
      const start = bounded(request.query, 'startDate', -1, 0, Number.MAX_SAFE_INTEGER);
      const end = bounded(request.query, 'endDate', -1, 0, Number.MAX_SAFE_INTEGER);
      if (typeof limit === 'string') return refuse(reply, limit);
      if (typeof offset === 'string') return refuse(reply, offset);
      if (typeof start === 'string') return refuse(reply, start);
      if (typeof end === 'string') return refuse(reply, end);
      if (start >= 0 && end >= 0 && end <= start) return refuse(reply, 'endDate must be greater than to startDate');
      const window = {
        ...(start >= 0 ? { from: start * 1_000_000 } : {}),
        ...(end >= 0 ? { to: end * 1_000_000 + 999_999 } : {}),
      };
      const records = await venue.readDurable((store) => publicFundingHistory(store, spec, window, { limit, offset }));
      return reply.send(records);
    },
  );
});
