import { useState, type FormEvent } from 'react';
import type { AdminClient, AuditEntry } from '../api/admin-client.js';
import { ApiError } from '../ui/ApiError.js';
import { readableDecimal } from '../ui/decimal.js';
import { useAction } from '../ui/use-action.js';
import { useChoice } from '../ui/use-choice.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';

/** Sets an asset's index price in USDT (what perpetuals mark against). */
export function IndexPricePanel({ admin }: { admin: AdminClient }) {
  const [ticker, setTicker] = useState('BTC');
  const [price, setPrice] = useState('');
  const set = useAction<{ ticker: string; price: string }>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set.run(() => admin.setIndexPrice(ticker.trim(), price.trim()));
  };
  return (
    <section className="panel" aria-labelledby="index-title">
      <h2 id="index-title">Index price</h2>
      <form className="form" onSubmit={submit}>
        <label>
          Asset
          <input data-testid="index-ticker" value={ticker} onChange={(e) => setTicker(e.target.value)} />
        </label>
        <label>
          Price (USDT)
          <input
            data-testid="index-price"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
        </label>
        <button type="submit" data-testid="index-submit">
          Set
        </button>
      </form>
      <ApiError error={set.error} />
      {set.result && (
        <p role="status" data-testid="index-done">
          {set.result.ticker} index: {set.result.price} USDT.
        </p>
      )}
    </section>
  );
}

/** Settles a perpetual's funding period now. */
export function FundingPanel({ admin, perpetuals }: { admin: AdminClient; perpetuals: readonly string[] }) {
  const [market, setMarket] = useChoice(perpetuals);
  const settle = useAction<{ market: string; fundingRate: string; settledAt: number }>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    settle.run(() => admin.settleFunding(market));
  };
  return (
    <section className="panel" aria-labelledby="funding-title">
      <h2 id="funding-title">Funding settlement</h2>
      <form className="form" onSubmit={submit}>
        <label>
          Perpetual
          <select data-testid="funding-market" value={market} onChange={(e) => setMarket(e.target.value)}>
            {perpetuals.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" data-testid="funding-submit">
          Settle now
        </button>
      </form>
      <ApiError error={settle.error} />
      {settle.result && (
        <p role="status">
          {settle.result.market} settled at rate{' '}
          <span className="num" data-testid="funding-rate" title={settle.result.fundingRate}>
            {readableDecimal(settle.result.fundingRate)}
          </span>
          .
        </p>
      )}
    </section>
  );
}

/**
 * The admin audit log, oldest first, a page at a time. Once every page is loaded the button loads
 * what was logged since: the log keeps growing while the view is open.
 */
export function AuditPanel({ admin }: { admin: AdminClient }) {
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<number | null>(0);
  const page = useAction<{ entries: AuditEntry[]; next: number | null }>((answer) => {
    setEntries((current) => [...current, ...answer.entries]);
    setNext(answer.next);
  });
  const newer = next === null;
  const more = () => page.run(() => admin.auditLog(100, newer ? entries.at(-1)?.id : next));
  return (
    <section className="panel wide" aria-labelledby="audit-title">
      <div className="panel-head">
        <h2 id="audit-title">Audit log</h2>
        <button type="button" data-testid="audit-load" onClick={more} disabled={page.busy}>
          {entries.length === 0 && !newer ? 'Load' : newer ? 'Load newer' : 'Load more'}
        </button>
      </div>
      <ApiError error={page.error} />
      <div className="scroll">
        <table data-testid="audit">
          <ColumnHeaders labels={['Time', 'Actor', 'Action', 'Target', 'Stage', 'Status']} />
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td title={e.at}>{new Date(e.at).toLocaleString()}</td>
                <td>{e.actor}</td>
                <td>{e.action}</td>
                <td>{e.target}</td>
                <td>{e.stage}</td>
                <td className="num">{e.status ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
