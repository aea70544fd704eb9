import { useState, type FormEvent } from 'react';
import { privateClient } from '../api/connection.js';
import type { TraderCredentials } from '../api/credentials.js';
import { ApiError } from '../ui/ApiError.js';
import { checkKey } from './key-refusal.js';

/**
 * API key and secret: kept in this tab's sessionStorage, used only to sign requests in the page. The
 * key is tried with one signed request first, so that a wrong or revoked key is refused here.
 * `refused`: why the last session ended (the API refused its key while it was open).
 */
export function Login({ onLogin, refused }: { onLogin: (credentials: TraderCredentials) => void; refused?: unknown }) {
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (apiKey.trim() === '' || apiSecret.trim() === '') return;
    const credentials = { apiKey: apiKey.trim(), apiSecret: apiSecret.trim() };
    setBusy(true);
    setError(undefined);
    checkKey(privateClient(credentials.apiKey, credentials.apiSecret)).then(
      () => onLogin(credentials),
      (refusal: unknown) => {
        setError(refusal);
        setBusy(false);
      },
    );
  };
  return (
    <section className="panel narrow" aria-labelledby="login-title">
      <h2 id="login-title">Log in with an API key</h2>
      {refused !== undefined && error === undefined && (
        <div data-testid="login-ended">
          <p role="status">
            The server no longer takes the key you were logged in with. Log in again with a valid key.
          </p>
          <ApiError error={refused} />
        </div>
      )}
      <form onSubmit={submit} className="form">
        <label>
          API key
          <input
            data-testid="login-key"
            autoComplete="username"
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
          />
        </label>
        <label>
          API secret
          <input
            data-testid="login-secret"
            type="password"
            autoComplete="current-password"
            value={apiSecret}
            onChange={(e) => setApiSecret(e.target.value)}
          />
        </label>
        <button type="submit" data-testid="login-submit" disabled={busy}>
          {busy ? 'Checking the key…' : 'Log in'}
        </button>
        <p className="muted">
          Kept in this tab only (sessionStorage). The secret never leaves the page: requests carry its signature.
        </p>
      </form>
      <ApiError error={error} />
    </section>
  );
}
