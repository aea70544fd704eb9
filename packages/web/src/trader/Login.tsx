import { useState, type FormEvent } from 'react';
import type { TraderCredentials } from '../api/credentials.js';

/** API key and secret: kept in this tab's sessionStorage, used only to sign requests in the page. */
export function Login({ onLogin }: { onLogin: (credentials: TraderCredentials) => void }) {
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (apiKey.trim() !== '' && apiSecret.trim() !== '')
      onLogin({ apiKey: apiKey.trim(), apiSecret: apiSecret.trim() });
  };
  return (
    <section className="panel narrow" aria-labelledby="login-title">
      <h2 id="login-title">Log in with an API key</h2>
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
        <button type="submit" data-testid="login-submit">
          Log in
        </button>
        <p className="muted">
          Kept in this tab only (sessionStorage). The secret never leaves the page: requests carry its signature.
        </p>
      </form>
    </section>
  );
}
