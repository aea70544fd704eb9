import { publicClient } from '../api/connection.js';
import { ApiError } from '../ui/ApiError.js';
import { isZero } from '../ui/decimal.js';
import { usePolling } from '../ui/use-polling.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';

export interface MarketInfo {
  readonly name: string;
  readonly stock: string;
  readonly money: string;
  /** `spot` or `futures` (a perpetual). */
  readonly type: string;
  /** Whether collateral (margin) orders trade on it. */
  readonly isCollateral: boolean;
  /** The decimals of its prices, as the API answers them (a string). */
  readonly moneyPrec: string;
}

/** The colour of a 24-hour change: none for no change (or none known yet). */
function changeClass(change: string): string {
  if (change === '' || isZero(change)) return '';
  return change.startsWith('-') ? 'down' : 'up';
}

/** Every market with its last price and 24-hour change (the ticker, refreshed every few seconds). */
export function MarketList({
  markets,
  selected,
  onSelect,
}: {
  markets: readonly MarketInfo[];
  selected: string;
  onSelect: (market: string) => void;
}) {
  const tickers = usePolling(() => publicClient.ticker(), 5000, []);
  return (
    <section className="panel" aria-labelledby="markets-title">
      <h2 id="markets-title">Markets</h2>
      <ApiError error={tickers.error} />
      <table className="markets" data-testid="market-list">
        <ColumnHeaders labels={['Market', 'Last', '24h']} />
        <tbody>
          {markets.map((m) => {
            const t = tickers.data?.[m.name];
            const change = t?.change ?? '';
            return (
              <tr key={m.name} aria-current={m.name === selected ? 'true' : undefined} data-testid={`market-${m.name}`}>
                <td>
                  <button type="button" className="link" onClick={() => onSelect(m.name)}>
                    {m.name}
                  </button>
                </td>
                <td className="num">{t?.last_price ?? '—'}</td>
                <td className={`num ${changeClass(change)}`} data-testid="market-change">
                  {change === '' ? '—' : `${change}%`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** The market picker shared by the market and trader views. */
export function MarketSelect({
  markets,
  selected,
  onSelect,
}: {
  markets: readonly MarketInfo[];
  selected: string;
  onSelect: (market: string) => void;
}) {
  return (
    <label className="market-select">
      <span>Market</span>
      <select data-testid="market-select" value={selected} onChange={(e) => onSelect(e.target.value)}>
        {markets.map((m) => (
          <option key={m.name} value={m.name}>
            {m.name}
          </option>
        ))}
      </select>
    </label>
  );
}
