import { useEffect, useState, type FormEvent } from 'react';
import type { AdminClient, UserBalances } from '../api/admin-client.js';
import { ApiError } from '../ui/ApiError.js';
import { useAction } from '../ui/use-action.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';
import { Confirm } from '../ui/Confirm.js';

function BalancesOf({ user }: { user: UserBalances }) {
  const tickers = [...new Set([...Object.keys(user.balances.main), ...Object.keys(user.balances.spot)])].sort();
  return (
    <table data-testid="admin-user-balances">
      <ColumnHeaders labels={['Asset', 'Main', 'Spot', 'In orders', 'Collateral']} />
      <tbody>
        {tickers.map((t) => (
          <tr key={t}>
            <th scope="row">{t}</th>
            <td className="num">{user.balances.main[t] ?? '0'}</td>
            <td className="num">{user.balances.spot[t]?.available ?? '0'}</td>
            <td className="num">{user.balances.spot[t]?.freeze ?? '0'}</td>
            <td className="num">{user.balances.collateral[t] ?? '0'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Users and their keys: create a user, look one up, create a key (its secret shown once), revoke one.
 * The balances shown are read again whenever `credited` counts another deposit.
 */
export function UsersPanel({ admin, credited }: { admin: AdminClient; credited: number }) {
  const [name, setName] = useState('');
  // whose the key shown is: the name field may have changed since
  const [keyUser, setKeyUser] = useState('');
  const [revoke, setRevoke] = useState('');
  // the key a revoke waits to be confirmed for: a revoked key cannot be brought back
  const [revoking, setRevoking] = useState<string | undefined>(undefined);
  const created = useAction<{ name: string }>();
  const shown = useAction<UserBalances>();
  const key = useAction<{ apiKey: string; apiSecret: string; permissions: string[] }>();
  const revoked = useAction<{ revoked: true }>();
  // the three buttons share one error line: it is the last one pressed's, and goes with its success
  const [last, setLast] = useState<'create' | 'show' | 'key' | undefined>(undefined);
  const lastError = { create: created.error, show: shown.error, key: key.error }[last ?? 'create'];
  const user = name.trim();
  const [nameNeeded, setNameNeeded] = useState(false);
  // without a name the request would go to another route (GET /users/, POST /users//api-keys): none is sent
  const forUser = (action: 'show' | 'key', send: () => void) => {
    setNameNeeded(user === '');
    setLast(user === '' ? undefined : action);
    if (user !== '') send();
  };
  const stop = (e: FormEvent) => e.preventDefault();
  useEffect(() => {
    const showing = shown.result?.name;
    if (credited > 0 && showing !== undefined) shown.run(() => admin.showUser(showing));
  }, [credited]);
  return (
    <section className="panel wide" aria-labelledby="users-title">
      <h2 id="users-title">Users and API keys</h2>
      <form className="form row" onSubmit={stop}>
        <label>
          User
          <input data-testid="user-name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button
          type="button"
          data-testid="user-create"
          onClick={() => {
            setNameNeeded(false);
            setLast('create');
            created.run(() => admin.createUser(user, false));
          }}
        >
          Create user
        </button>
        <button
          type="button"
          data-testid="user-show"
          onClick={() => forUser('show', () => shown.run(() => admin.showUser(user)))}
        >
          Show balances
        </button>
        <button
          type="button"
          data-testid="key-create"
          onClick={() =>
            forUser('key', () => {
              setKeyUser(user);
              key.run(() => admin.createApiKey(user));
            })
          }
        >
          New API key
        </button>
      </form>
      {nameNeeded && (
        <p className="error" role="alert" data-testid="user-name-needed">
          Type a user name first.
        </p>
      )}
      <ApiError error={last === undefined ? undefined : lastError} />
      {created.result && <p role="status">User {created.result.name} created.</p>}
      {key.result && (
        <div className="secret" role="status" data-testid="new-key">
          <p>
            A key for <strong data-testid="new-key-user">{keyUser}</strong>. Copy the secret now: it is shown this once.
          </p>
          <dl className="facts">
            <dt>API key</dt>
            <dd>
              <code data-testid="new-key-key">{key.result.apiKey}</code>
            </dd>
            <dt>Secret</dt>
            <dd>
              <code data-testid="new-key-secret">{key.result.apiSecret}</code>
            </dd>
            <dt>Permissions</dt>
            <dd>{key.result.permissions.join(', ')}</dd>
          </dl>
        </div>
      )}
      {shown.result && <BalancesOf user={shown.result} />}
      <form
        className="form row"
        onSubmit={(e) => {
          e.preventDefault();
          if (revoke.trim() !== '') setRevoking(revoke.trim());
        }}
      >
        <label>
          API key to revoke
          <input data-testid="key-revoke-key" value={revoke} onChange={(e) => setRevoke(e.target.value)} />
        </label>
        <button type="submit" data-testid="key-revoke">
          Revoke
        </button>
      </form>
      {revoking !== undefined && (
        <Confirm
          testId="key-revoke-confirm"
          confirmTestId="key-revoke-confirm-ok"
          confirmLabel="Revoke"
          onConfirm={() => {
            setRevoking(undefined);
            // the line above speaks of the buttons above: not of this revoke
            setLast(undefined);
            revoked.run(() => admin.revokeApiKey(revoking));
          }}
          onCancel={() => setRevoking(undefined)}
        >
          <p>
            Revoke the API key <code>{revoking}</code>? Its requests are refused from now on and its WebSocket
            connections closed; it cannot be enabled again.
          </p>
        </Confirm>
      )}
      <ApiError error={revoked.error} />
      {revoked.result && (
        <p role="status" data-testid="key-revoked">
          Key revoked; its WebSocket connections are closed.
        </p>
      )}
    </section>
  );
}
