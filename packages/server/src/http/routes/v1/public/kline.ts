import { kline } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { DAY, HOUR, KLINE_INTERVALS, MONTH, WEEK } from '../../../../market-data/candle-periods.js';
import { candleTuple, type CandleTake } from '../../../../market-data/candles.js';
import { secondsOf } from '../../../../venue/projection/candle-projection.js';
import { sendError } from '../../../send-error.js';
import type { RouteDeps } from '../../route-deps.js';
import { publicMarket } from '../../v4/public/market-param.js';
import { defineRoute } from '../../../route-module.js';

const MAX_LIMIT = 1440;

interface KlineQuery {
  readonly market?: string;
  readonly interval?: string;
  readonly start?: string;
  readonly end?: string;
  readonly limit?: string;
}

interface KlineRange {
  readonly intervalS: number;
  readonly start: number;
  readonly end: number;
  readonly limit: number;
  readonly take: CandleTake;
}

/** How far back the candles go when no `start` is given: a day of minutes, a week of hours, a month of days and weeks, a year of months. */
function defaultSpan(intervalS: number): number {
  if (intervalS < HOUR) return DAY;
  if (intervalS < DAY) return WEEK;
  if (intervalS < MONTH) return 30 * DAY;
  return 365 * DAY;
}

/** A query value that must be a whole number of at most 15 digits, if given; NaN when it is not one. */
function wholeNumber(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  return /^[0-9]{1,15}$/.test(text) ? Number(text) : Number.NaN;
}

/** The range asked for, or the message of the first parameter at fault. */
function klineRange(q: KlineQuery, nowS: number): KlineRange | string {
  const intervalS = KLINE_INTERVALS.get(q.interval === undefined || q.interval === '' ? '1h' : q.interval);
  if (intervalS === undefined) return 'The selected interval is invalid.';
  const start = wholeNumber(q.start);
  const end = wholeNumber(q.end);
  const limit = wholeNumber(q.limit) ?? MAX_LIMIT;
  if (Number.isNaN(start)) return 'The start must be an integer.';
  if (Number.isNaN(end)) return 'The end must be an integer.';
  if (!(limit >= 1 && limit <= MAX_LIMIT)) return `The limit must be between 1 and ${MAX_LIMIT}.`;
  // a `start` ahead of now with no `end` is a poller's next page: the current candle if `start` falls
  // in its period, none past it; not an error about an end the client never sent
  const until = end ?? Math.max(nowS, start ?? 0);
  if (start !== undefined && start > until) return 'The start must be less than or equal to end.';
  // with a start the limit keeps the earliest candles from it (ccxt pages forward); without, the latest,
  // the span counted back from now when `end` lies ahead (no candle starts after now)
  return start === undefined
    ? { intervalS, start: Math.max(0, Math.min(until, nowS) - defaultSpan(intervalS)), end: until, limit, take: 'last' }
    : { intervalS, start, end: until, limit, take: 'first' };
}

/** The API V1 candles that ccxt's `fetchOHLCV` reads (docs/decisions.md, "Candles"). */
export const klineRoute = defineRoute(kline, (app: FastifyInstance, { venue, candles }: RouteDeps) => {
  app.get<{ Querystring: KlineQuery }>(kline.path, { config: { endpoint: kline } }, async (request, reply) => {
    const name = request.query.market;
    if (name === undefined || name === '') {
      return sendError(reply, 'publicValidation', { params: { detail: 'The market field is required.' } });
    }
    const spec = publicMarket(venue.state, name, reply);
    if (spec === undefined) return reply;
    const range = klineRange(request.query, secondsOf(venue.clock.nowMicros()));
    if (typeof range === 'string') return sendError(reply, 'publicValidation', { params: { detail: range } });
    const found = await venue.readDurable(() =>
      candles.range(spec.name, range.intervalS, range.start, range.end, range.limit, range.take),
    );
    const result = found.map((c) => candleTuple(spec.name, c).slice(0, 7));
    return reply.send({ success: true, message: null, result });
  });
});
