import type { BaseInterval } from '../venue/projection/candle-projection.js';

/*
 * Candle intervals and the periods they cut time into (docs/decisions.md, "Candles"). Times are
 * Unix seconds, UTC. A period of a fixed interval starts at a multiple of it since the epoch, except
 * the week, which starts on Monday, and the month (interval 2592000), which is the calendar month.
 */

export const MINUTE = 60;
export const HOUR = 3600;
export const DAY = 86_400;
export const WEEK = 604_800;
/** The interval that stands for a calendar month (the WebSocket API's 30 days). */
export const MONTH = 2_592_000;

/** 1970-01-05, the first Monday after the epoch (a Thursday). */
const FIRST_MONDAY = 4 * DAY;

/** The intervals of `GET /api/v1/public/kline` by name, as ccxt's timeframes send them. */
export const KLINE_INTERVALS: ReadonlyMap<string, number> = new Map([
  ['1m', MINUTE],
  ['3m', 3 * MINUTE],
  ['5m', 5 * MINUTE],
  ['15m', 15 * MINUTE],
  ['30m', 30 * MINUTE],
  ['1h', HOUR],
  ['2h', 2 * HOUR],
  ['4h', 4 * HOUR],
  ['6h', 6 * HOUR],
  ['8h', 8 * HOUR],
  ['12h', 12 * HOUR],
  ['1d', DAY],
  ['3d', 3 * DAY],
  ['1w', WEEK],
  ['1M', MONTH],
]);

const LONG_INTERVALS: readonly number[] = [DAY, 2 * DAY, 3 * DAY, WEEK, MONTH];

/**
 * Whether candles come in this interval (WebSocket API §6.2): under a minute, a divisor of a minute;
 * under an hour, whole minutes dividing an hour; under a day, whole hours dividing a day; else one,
 * two or three days, the week or the month.
 */
export function isCandleInterval(intervalS: number): boolean {
  if (!Number.isSafeInteger(intervalS) || intervalS <= 0) return false;
  if (intervalS < MINUTE) return MINUTE % intervalS === 0;
  if (intervalS < HOUR) return intervalS % MINUTE === 0 && HOUR % intervalS === 0;
  if (intervalS < DAY) return intervalS % HOUR === 0 && DAY % intervalS === 0;
  return LONG_INTERVALS.includes(intervalS);
}

/** The stored interval an interval's candles are put together from; undefined under a minute (from the deals). */
export function baseOf(intervalS: number): BaseInterval | undefined {
  if (intervalS < MINUTE) return undefined;
  if (intervalS < HOUR) return MINUTE;
  if (intervalS < DAY) return HOUR;
  return DAY;
}

function monthStart(t: number, monthsLater = 0): number {
  const d = new Date(t * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + monthsLater, 1) / 1000;
}

/** The start of the period of `intervalS` that holds time `t`. */
export function periodStart(intervalS: number, t: number): number {
  if (intervalS === MONTH) return monthStart(t);
  const origin = intervalS === WEEK ? FIRST_MONDAY : 0;
  const into = (((t - origin) % intervalS) + intervalS) % intervalS;
  return t - into;
}

/** The start of the period `n` periods after the one starting at `start` (before it when n < 0). */
export function periodAfter(intervalS: number, start: number, n = 1): number {
  return intervalS === MONTH ? monthStart(start, n) : start + n * intervalS;
}
