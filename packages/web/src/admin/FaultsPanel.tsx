import type { FormEvent } from 'react';
import type { AdminClient, FaultRule } from '../api/admin-client.js';
import { ApiError } from '../ui/ApiError.js';
import { usePolling } from '../ui/use-polling.js';
import { useAction } from '../ui/use-action.js';
import { useChoice } from '../ui/use-choice.js';
import { FaultForm } from './FaultForm.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';

const RULE_KEYS = new Set(['id', 'type', 'createdAt', 'expiresAt']);

/** A rule's own fields as text. */
function fields(rule: FaultRule): string {
  return Object.entries(rule)
    .filter(([key]) => !RULE_KEYS.has(key))
    .map(([key, value]) => {
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      return `${key} ${text}`;
    })
    .join(' · ');
}

/**
 * Halting a market is a fault rule in this version (there is no engine-level halt): orders placed on
 * it (new, modified, OCO) are refused as on a closed market until the rule is cleared, which resumes it.
 */
function HaltMarket({
  admin,
  markets,
  onHalted,
}: {
  admin: AdminClient;
  markets: readonly string[];
  onHalted: () => void;
}) {
  const [market, setMarket] = useChoice(markets);
  const halt = useAction<FaultRule>(onHalted);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    halt.run(() => admin.addFault({ type: 'haltMarket', market }));
  };
  return (
    <form className="form row" onSubmit={submit} aria-label="Halt a market">
      <label>
        Halt market (a fault rule: clear it to resume)
        <select data-testid="halt-market" value={market} onChange={(e) => setMarket(e.target.value)}>
          {markets.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
      </label>
      <button type="submit" className="danger" data-testid="halt-submit" disabled={halt.busy}>
        Halt market
      </button>
      <ApiError error={halt.error} />
    </form>
  );
}

function expiry(rule: FaultRule): string {
  return rule.expiresAt === null ? 'until cleared' : new Date(rule.expiresAt).toLocaleTimeString();
}

/** The sandbox's fault rules (`--demo` or `--allow-faults`): those in force, cleared here, and new ones. */
export function FaultsPanel({ admin, markets }: { admin: AdminClient; markets: readonly string[] }) {
  const rules = usePolling(() => admin.faults(), 5000, [admin]);
  const clear = useAction<{ cleared: number }>(() => rules.refresh());
  const list = rules.data ?? [];
  return (
    <section className="panel wide" aria-labelledby="faults-title" data-testid="faults">
      <div className="panel-head">
        <h2 id="faults-title">Faults</h2>
        <button
          type="button"
          data-testid="faults-clear"
          disabled={list.length === 0}
          onClick={() => clear.run(() => admin.clearFaults())}
        >
          Clear all
        </button>
      </div>
      <HaltMarket admin={admin} markets={markets} onHalted={rules.refresh} />
      <FaultForm admin={admin} markets={markets} onAdded={rules.refresh} />
      <ApiError error={rules.error ?? clear.error} />
      <div className="scroll">
        <table data-testid="fault-rules">
          <ColumnHeaders labels={['Id', 'Type', 'Fields', 'Ends']} action="Clear" />
          <tbody>
            {list.map((rule) => (
              <tr key={rule.id} data-testid={`fault-row-${rule.id}`} data-type={rule.type}>
                <td className="num">{rule.id}</td>
                <td>{rule.type === 'haltMarket' ? 'halt market' : rule.type}</td>
                <td>{fields(rule)}</td>
                <td>{expiry(rule)}</td>
                <td>
                  <button
                    type="button"
                    data-testid={`fault-clear-${rule.id}`}
                    onClick={() => clear.run(() => admin.clearFault(rule.id))}
                  >
                    {rule.type === 'haltMarket' ? 'Resume market' : 'Clear'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rules.data !== undefined && list.length === 0 && <p className="muted">No fault rule is in force.</p>}
    </section>
  );
}
