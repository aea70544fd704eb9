import type { UTCTimestamp } from 'lightweight-charts';

/**
 * The chart time of an instant (Unix seconds): the instant whose UTC reading is this page's local
 * reading of it. lightweight-charts reads every time as UTC and has no time zones (its docs' own
 * way round is this shift), while the trades and the history show local times. Each instant takes
 * its own offset, so that candles from before a daylight-saving change read as they did then.
 */
export function localChartTime(seconds: number): number {
  const d = new Date(seconds * 1000);
  return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()) / 1000;
}

/**
 * Chart times for bars met in order of their times. The chart takes only increasing times, which
 * local readings are not in the hour that comes twice when the clocks go back: a bar whose reading
 * is not after the previous one is placed one second after it, keeping the bars in their order at
 * the cost of an hour's labels once a year. The same bar met again (the live candle) keeps its time.
 */
export class ChartTimeline {
  private lastTime = Number.NEGATIVE_INFINITY;
  private lastChart = Number.NEGATIVE_INFINITY;

  at(seconds: number): UTCTimestamp {
    if (seconds !== this.lastTime) {
      this.lastChart = Math.max(localChartTime(seconds), this.lastChart + 1);
      this.lastTime = seconds;
    }
    return this.lastChart as UTCTimestamp;
  }
}
