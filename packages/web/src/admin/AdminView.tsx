import { TxcError } from '@txc/sdk';
import { useMemo, useState, type FormEvent } from 'react';
import { AdminClient } from '../api/admin-client.js';
import { ApiError } from '../ui/ApiError.js';
import { usePolling } from '../ui/use-polling.js';
import { FaultsPanel } from './FaultsPanel.js';
import { DepositPanel, WithdrawalsPanel } from './FundsPanels.js';
import { SavedStatesPanel } from './SavedStatesPanel.js';
import { SimulatorPanel } from './SimulatorPanel.js';
import { UsersPanel } from './UsersPanel.js';
import { AuditPanel, FundingPanel, IndexPricePanel } from './VenuePanels.js';

function TokenForm({ onToken, refusal }: { onToken: (token: string) => void; refusal?: unknown }) {
  const [token, setToken] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (token.trim() !== '') onToken(token.trim());
  };
  return (
    <section className="panel narrow" aria-labelledby="admin-login-title">
      <h2 id="admin-login-title">Operator</h2>
      <form className="form" onSubmit={submit}>
        <label>
          Admin token
          <input
            data-testid="admin-token"
            type="password"
            autoComplete="current-password"
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
        </label>
        <button type="submit" data-testid="admin-submit">
          Open
        </button>
        <p className="muted">The admin API answers this machine only; the token stays in this tab.</p>
      </form>
      <ApiError error={refusal} />
    </section>
  );
}

/** The operator's view over the admin API: the state line checks the token before the panels show. */
export function AdminView({
  token,
  onToken,
  markets,
  perpetuals,
}: {
  token: string | undefined;
  onToken: (token: string | undefined) => void;
  markets: readonly string[];
  perpetuals: readonly string[];
}) {
  const admin = useMemo(() => (token === undefined ? undefined : new AdminClient(token)), [token]);
  const state = usePolling(admin && (() => admin.stateHash()), 5000, [admin]);
  // deposits credited from the page: the balances shown beside them are read again
  const [credited, setCredited] = useState(0);
  if (admin === undefined) return <TokenForm onToken={onToken} />;
  // a refused token (401) or a client the admin API does not serve (403): nothing else would work either
  if (state.error instanceof TxcError && (state.error.status === 401 || state.error.status === 403)) {
    return <TokenForm onToken={onToken} refusal={state.error} />;
  }
  if (state.data === undefined) {
    return (
      <>
        <ApiError error={state.error} />
        <p className="muted">Checking the token…</p>
      </>
    );
  }
  return (
    <>
      <div className="account-bar">
        <span data-testid="admin-state">
          Committed state: seq {state.data.seq}, hash <code>{state.data.hash.slice(0, 16)}…</code>
        </span>
        <button type="button" data-testid="admin-logout" onClick={() => onToken(undefined)}>
          Forget token
        </button>
      </div>
      <ApiError error={state.error} />
      <div className="grid admin-view">
        <UsersPanel admin={admin} credited={credited} />
        <DepositPanel admin={admin} onCredited={() => setCredited((n) => n + 1)} />
        <IndexPricePanel admin={admin} />
        <FundingPanel admin={admin} perpetuals={perpetuals} />
        <WithdrawalsPanel admin={admin} />
        <SimulatorPanel admin={admin} />
        <SavedStatesPanel admin={admin} onLoaded={state.refresh} />
        <FaultsPanel admin={admin} markets={markets} />
        <AuditPanel admin={admin} />
      </div>
    </>
  );
}
