import { useEffect, useState, type FormEvent } from 'react';
import { useConnection } from '../api/connection-state.js';
import type { AdminClient, MarketSimulation } from '../api/admin-client.js';
import { ApiError } from '../ui/ApiError.js';
import { usePolling } from '../ui/use-polling.js';
import { useAction } from '../ui/use-action.js';
import { isSandboxOff, SandboxOff } from './SandboxOff.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';

/**
 * One market's settings, edited in place; Apply sends the fields changed from what the server last
 * said, so a value another row changed meanwhile (a stock's volatility is its markets') is never sent
 * back stale. The row shows what the server took, and the panel reads every row again after it.
 */
function SimulatorRow({
  admin,
  settings,
  onApplied,
}: {
  admin: AdminClient;
  settings: MarketSimulation;
  onApplied: () => void;
}) {
  const [current, setCurrent] = useState(settings);
  const [spread, setSpread] = useState(settings.spread);
  const [depth, setDepth] = useState(String(settings.depth));
  const [pace, setPace] = useState(String(settings.tradesPerMinute));
  const [volatility, setVolatility] = useState(settings.volatility);
  // the server's values read again (after an Apply here or in another row, a reload, a restart)
  const read = JSON.stringify(settings);
  useEffect(() => {
    setCurrent(settings);
    setSpread(settings.spread);
    setDepth(String(settings.depth));
    setPace(String(settings.tradesPerMinute));
    setVolatility(settings.volatility);
  }, [read]);
  const apply = useAction<MarketSimulation>((taken) => {
    setCurrent(taken);
    onApplied();
  });
  const market = settings.market;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // integers go as typed: a value that is not one is the API's to refuse, with its own message
    const integer = (text: string): number => (text.trim() === '' ? NaN : Number(text.trim()));
    const changed = <T,>(typed: T, taken: T): T | undefined => (typed === taken ? undefined : typed);
    apply.run(() =>
      admin.setSimulator({
        market,
        spread: changed(spread.trim(), current.spread),
        depth: changed(integer(depth), current.depth),
        tradesPerMinute: changed(integer(pace), current.tradesPerMinute),
        volatility: changed(volatility.trim(), current.volatility),
      }),
    );
  };
  const form = `simulator-form-${market}`;
  const field = (label: string, name: string, value: string, set: (v: string) => void, mode: 'decimal' | 'numeric') => (
    <td>
      <input
        aria-label={`${market} ${label}`}
        data-testid={`simulator-${name}-${market}`}
        form={form}
        inputMode={mode}
        size={8}
        value={value}
        onChange={(e) => set(e.target.value)}
      />
    </td>
  );
  return (
    <>
      <tr data-testid={`simulator-row-${market}`} data-depth={current.depth} data-spread={current.spread}>
        <th scope="row">
          <form id={form} onSubmit={submit} />
          {market}
        </th>
        {field('spread', 'spread', spread, setSpread, 'decimal')}
        {field('depth', 'depth', depth, setDepth, 'numeric')}
        {field('trades per minute', 'pace', pace, setPace, 'numeric')}
        {field('volatility', 'volatility', volatility, setVolatility, 'decimal')}
        <td>
          <button type="submit" form={form} data-testid={`simulator-apply-${market}`} disabled={apply.busy}>
            Apply
          </button>
        </td>
      </tr>
      {(apply.error !== undefined || apply.result !== undefined) && (
        <tr>
          <td colSpan={6}>
            <ApiError error={apply.error} />
            {apply.result && (
              <span role="status" data-testid={`simulator-done-${market}`}>
                {market}: spread {apply.result.spread}, depth {apply.result.depth}, {apply.result.tradesPerMinute}{' '}
                trades a minute, volatility {apply.result.volatility}.
              </span>
            )}
          </td>
        </tr>
      )}
    </>
  );
}

/** The market simulator of `--simulate`: how each market's maker quotes and its taker trades, changed live. */
export function SimulatorPanel({ admin }: { admin: AdminClient }) {
  // read once, on demand, after an Apply and when the server is back (a restart takes the defaults
  // again): a poll would overwrite what the operator is typing
  const { restores } = useConnection();
  const settings = usePolling(() => admin.simulator(), 3_600_000, [admin], restores);
  if (isSandboxOff(settings.error)) {
    return (
      <section className="panel" aria-labelledby="simulator-title" data-testid="simulator">
        <h2 id="simulator-title">Simulator</h2>
        <SandboxOff error={settings.error} testId="simulator-off" />
      </section>
    );
  }
  return (
    <section className="panel wide" aria-labelledby="simulator-title" data-testid="simulator">
      <div className="panel-head">
        <h2 id="simulator-title">Simulator</h2>
        <button type="button" data-testid="simulator-reload" onClick={settings.refresh}>
          Reload
        </button>
      </div>
      <p className="muted">
        Spread between the maker’s best bid and ask (a fraction of the index), its orders a side, the taker’s market
        orders a minute (0 stops it), and the largest step of the index walk (shared by a stock’s markets).
      </p>
      <ApiError error={settings.error} />
      <div className="scroll">
        <table>
          <ColumnHeaders labels={['Market', 'Spread', 'Depth', 'Trades / min', 'Volatility']} action="Apply" />
          <tbody>
            {(settings.data ?? []).map((s) => (
              <SimulatorRow key={s.market} admin={admin} settings={s} onApplied={settings.refresh} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
