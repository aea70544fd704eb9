import { useState, type FormEvent } from 'react';
import type { AdminClient, MarketSimulation } from '../api/admin-client.js';
import { ApiError } from '../ui/ApiError.js';
import { usePolling } from '../ui/use-polling.js';
import { useAction } from '../ui/use-action.js';
import { isSandboxOff, SandboxOff } from './SandboxOff.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';

/** One market's settings, edited in place and applied together; the row shows what the server took. */
function SimulatorRow({ admin, settings }: { admin: AdminClient; settings: MarketSimulation }) {
  const [current, setCurrent] = useState(settings);
  const [spread, setSpread] = useState(settings.spread);
  const [depth, setDepth] = useState(String(settings.depth));
  const [pace, setPace] = useState(String(settings.tradesPerMinute));
  const [volatility, setVolatility] = useState(settings.volatility);
  const apply = useAction<MarketSimulation>((taken) => setCurrent(taken));
  const market = settings.market;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // integers go as typed: a value that is not one is the API's to refuse, with its own message
    const integer = (text: string): number => (text.trim() === '' ? NaN : Number(text.trim()));
    apply.run(() =>
      admin.setSimulator({
        market,
        spread: spread.trim(),
        depth: integer(depth),
        tradesPerMinute: integer(pace),
        volatility: volatility.trim(),
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
  // read once (and on demand): a poll would overwrite what the operator is typing
  const settings = usePolling(() => admin.simulator(), 3_600_000, [admin]);
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
              // the key holds the values: a reload with other values starts the row's drafts again
              <SimulatorRow key={JSON.stringify(s)} admin={admin} settings={s} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
