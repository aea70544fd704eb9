import { useEffect, useState } from 'react';
import { publicClient } from '../api/connection.js';
import { ApiError } from '../ui/ApiError.js';
import { readableDecimal, roundDecimal } from '../ui/decimal.js';
import { usePolling } from '../ui/use-polling.js';

function countdown(untilMs: number, nowMs: number): string {
  const left = Math.max(0, Math.floor((untilMs - nowMs) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/**
 * A perpetual's index, mark, funding rate and the time left to the next settlement. The API writes
 * the index, the mark and the rate with 18 decimals: the prices are shown at the market's
 * `precision`, the rate to a few significant digits, each with its exact value as its title.
 */
export function PerpetualInfo({ market, precision }: { market: string; precision: number }) {
  const futures = usePolling(() => publicClient.futures(), 2000, [market]);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const info = futures.data?.result.find((f) => f.ticker_id === market);
  return (
    <section className="panel" aria-labelledby="perp-title" data-testid="perpetual">
      <h2 id="perp-title">Perpetual</h2>
      <ApiError error={futures.error} />
      {info === undefined ? (
        <p className="muted">Loading…</p>
      ) : (
        <dl className="facts">
          <dt>Index</dt>
          <dd className="num" data-testid="perp-index" title={info.index_price}>
            {roundDecimal(info.index_price, precision)}
          </dd>
          <dt>Mark</dt>
          <dd className="num" data-testid="perp-mark" title={info.markPrice}>
            {roundDecimal(info.markPrice, precision)}
          </dd>
          <dt>Funding rate</dt>
          <dd className="num" data-testid="perp-funding" title={info.funding_rate}>
            {readableDecimal(info.funding_rate)}
          </dd>
          <dt>Next settlement</dt>
          <dd className="num" data-testid="perp-countdown">
            {countdown(Number(info.next_funding_rate_timestamp), now)}
          </dd>
        </dl>
      )}
    </section>
  );
}
