import type { StreamCandle } from '@txc/sdk';
import { CandlestickSeries, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { useConnection } from '../api/connection-state.js';
import { onServerBack, publicClient } from '../api/connection.js';
import { isNoAnswer } from '../api/no-answer.js';
import { ApiError } from '../ui/ApiError.js';
import type { Theme } from '../ui/theme.js';
import { plotValue } from '../ui/decimal.js';
import { ChartTimeline } from './chart-time.js';
import { useChannel } from './use-market-stream.js';

export const INTERVALS = [
  { label: '1m', seconds: 60 },
  { label: '5m', seconds: 300 },
  { label: '1h', seconds: 3600 },
  { label: '1d', seconds: 86400 },
] as const;

type Interval = (typeof INTERVALS)[number];

interface Bar {
  time: UTCTimestamp;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** The stream and the REST kline both order a candle open, close, high, low; `time` is the chart's. */
function bar(time: UTCTimestamp, open: string, close: string, high: string, low: string): Bar {
  return {
    time,
    open: plotValue(open),
    high: plotValue(high),
    low: plotValue(low),
    close: plotValue(close),
  };
}

function colors(theme: Theme) {
  return theme === 'dark'
    ? { background: '#14171c', text: '#c9d1d9', grid: '#262b33' }
    : { background: '#ffffff', text: '#24292f', grid: '#eaeef2' };
}

/** History from the kline endpoint, then the live candle from `candles_update` (pushed twice a second). */
function LiveCandles({
  market,
  precision,
  interval,
  theme,
}: {
  market: string;
  precision: number;
  interval: Interval;
  theme: Theme;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | undefined>(undefined);
  const series = useRef<ISeriesApi<'Candlestick'> | undefined>(undefined);
  // the newest candle's time, in the API's seconds
  const lastTime = useRef(0);
  const timeline = useRef(new ChartTimeline());
  const [error, setError] = useState<unknown>(undefined);
  const [count, setCount] = useState(0);
  // the live candle's close, for scripts that check the chart follows the trades
  const [lastClose, setLastClose] = useState('');
  // the candles closed while the stream was away are never pushed: the history is read again
  const { restores } = useConnection();
  // a history read that went unanswered is read again as soon as the server answers
  const [unanswered, setUnanswered] = useState(0);

  useEffect(() => {
    const element = holder.current;
    if (element === null) return;
    const c = colors(theme);
    const created = createChart(element, {
      autoSize: true,
      layout: { background: { color: c.background }, textColor: c.text, attributionLogo: false },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      timeScale: { timeVisible: true, secondsVisible: false },
    });
    chart.current = created;
    // the price axis shows the market's own decimals: two would read 0.05 for every ETH_BTC price
    series.current = created.addSeries(CandlestickSeries, {
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    });
    let cancelled = false;
    let stopWaiting = (): void => undefined;
    publicClient.kline(market, { interval: interval.label, limit: 300 }).then(
      (rows) => {
        if (cancelled) return;
        const times = new ChartTimeline();
        const bars = rows.result.map(([time, open, close, high, low]) => bar(times.at(time), open, close, high, low));
        series.current?.setData(bars);
        timeline.current = times;
        lastTime.current = rows.result.at(-1)?.[0] ?? 0;
        setCount(bars.length);
        setLastClose(rows.result.at(-1)?.[2] ?? '');
        setError(undefined);
      },
      // unanswered, the history is read again once the server answers (the banner says meanwhile why)
      (e: unknown) => {
        if (cancelled) return;
        if (!isNoAnswer(e)) return setError(e);
        const stop = onServerBack(() => {
          stop();
          if (!cancelled) setUnanswered((n) => n + 1);
        });
        stopWaiting = stop;
      },
    );
    return () => {
      cancelled = true;
      stopWaiting();
      created.remove();
      chart.current = undefined;
      series.current = undefined;
    };
  }, [market, precision, interval, theme, restores, unanswered]);

  const streamError = useChannel('candles', [market, interval.seconds], (candles: StreamCandle[]) => {
    for (const [time, open, close, high, low, , , name] of candles) {
      // the push carries no interval: a candle that does not start on this one's grid is not ours
      if (name !== market || time % interval.seconds !== 0 || time < lastTime.current) continue;
      series.current?.update(bar(timeline.current.at(time), open, close, high, low));
      if (time > lastTime.current || lastTime.current === 0) setCount((n) => n + 1);
      lastTime.current = time;
      setLastClose(close);
    }
  });

  return (
    <>
      <ApiError error={error ?? streamError} />
      <div
        ref={holder}
        className="candles"
        data-testid="candles"
        data-count={count}
        data-close={lastClose}
        role="img"
        aria-label={`${market} candles, ${interval.label}`}
      />
    </>
  );
}

/** `precision`: the decimals of the market's prices (its `moneyPrec`). */
export function CandleChart({ market, precision, theme }: { market: string; precision: number; theme: Theme }) {
  const [interval, choose] = useState<Interval>(INTERVALS[0]);
  return (
    <section className="panel wide" aria-labelledby="candles-title">
      <div className="panel-head">
        <h2 id="candles-title">Candles</h2>
        <div role="group" aria-label="Candle interval" className="segmented">
          {INTERVALS.map((i) => (
            <button
              key={i.label}
              type="button"
              aria-pressed={i.label === interval.label}
              data-testid={`interval-${i.label}`}
              onClick={() => choose(i)}
            >
              {i.label}
            </button>
          ))}
        </div>
      </div>
      <LiveCandles
        key={`${market}|${interval.label}`}
        market={market}
        precision={precision}
        interval={interval}
        theme={theme}
      />
    </section>
  );
}
