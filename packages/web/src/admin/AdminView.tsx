import { TxcError } from '@txc/sdk';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { AdminClient } from '../api/admin-client.js';
import { ApiError } from '../ui/ApiError.js';
import { usePolling } from '../ui/use-polling.js';
import { FaultsPanel } from './FaultsPanel.js';
import { DepositPanel, WithdrawalsPanel } from './FundsPanels.js';
import { SavedStatesPanel } from './SavedStatesPanel.js';
import { SimulatorPanel } from './SimulatorPanel.js';
import { UsersPanel } from './UsersPanel.js';
import { AuditPanel, FundingPanel, IndexPricePanel } from './VenuePanels.js';

/** A refused token (401) or a client the admin API does not serve (403): nothing else would work either. */
function isRefused(error: unknown): error is TxcError {
  return error instanceof TxcError && (error.status === 401 || error.status === 403);
}

/**
 * Asks the admin API once whether it takes the token, before it is kept: resolves unless refused (an
 * answer of another error, or none, leaves the state line to say so).
 */
async function checkToken(token: string): Promise<void> {
  try {
    await new AdminClient(token).stateHash();
  } catch (e) {
    if (isRefused(e)) throw e;
  }
}

function TokenForm({ onToken, refusal }: { onToken: (token: string) => void; refusal?: unknown }) {
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const tried = token.trim();
    if (tried === '') return;
    setBusy(true);
    setError(undefined);
    checkToken(tried).then(
      () => onToken(tried),
      (refused: unknown) => {
        setError(refused);
        setBusy(false);
      },
    );
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
        <button type="submit" data-testid="admin-submit" disabled={busy}>
          {busy ? 'Checking the token…' : 'Open'}
        </button>
        <p className="muted">The admin API answers this machine only; the token stays in this tab.</p>
      </form>
      <ApiError error={error ?? refusal} />
    </section>
  );
}

/**
 * The operator's view over the admin API: a token is kept once the API took it, and forgotten as soon
 * as it refuses it (the admin token was changed): no request is sent with it again.
 */
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
  // why the token kept last was forgotten, shown on the form that asks for another
  const [refusal, setRefusal] = useState<unknown>(undefined);
  const refused = isRefused(state.error);
  useEffect(() => {
    if (!refused) return;
    setRefusal(state.error);
    onToken(undefined);
  }, [refused]);
  if (admin === undefined || refused) {
    return (
      <TokenForm
        onToken={(accepted) => {
          setRefusal(undefined);
          onToken(accepted);
        }}
        refusal={refusal ?? (refused ? state.error : undefined)}
      />
    );
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
