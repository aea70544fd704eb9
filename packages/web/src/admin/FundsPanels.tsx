import { useState, type FormEvent } from 'react';
import type { AdminClient } from '../api/admin-client.js';
import { ApiError } from '../ui/ApiError.js';
import { useAction } from '../ui/use-action.js';
import { usePolling } from '../ui/use-polling.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';

/** Credits a deposit to a user's main account. */
export function DepositPanel({ admin }: { admin: AdminClient }) {
  const [user, setUser] = useState('');
  const [ticker, setTicker] = useState('USDT');
  const [amount, setAmount] = useState('');
  const deposit = useAction<{ transactionId: string }>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    deposit.run(() => admin.deposit(user.trim(), ticker.trim(), amount.trim()));
  };
  return (
    <section className="panel" aria-labelledby="deposit-title">
      <h2 id="deposit-title">Credit a deposit</h2>
      <form className="form" onSubmit={submit}>
        <label>
          User
          <input data-testid="deposit-user" value={user} onChange={(e) => setUser(e.target.value)} />
        </label>
        <label>
          Asset
          <input data-testid="deposit-ticker" value={ticker} onChange={(e) => setTicker(e.target.value)} />
        </label>
        <label>
          Amount
          <input
            data-testid="deposit-amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <button type="submit" data-testid="deposit-submit" disabled={deposit.busy}>
          Credit
        </button>
      </form>
      <ApiError error={deposit.error} />
      {deposit.result && (
        <p role="status" data-testid="deposit-done">
          Credited: transaction {deposit.result.transactionId}.
        </p>
      )}
    </section>
  );
}

/** The withdrawals waiting for the operator, each completed or rejected here. */
export function WithdrawalsPanel({ admin }: { admin: AdminClient }) {
  const pending = usePolling(() => admin.pendingWithdrawals(), 5000, [admin]);
  const action = useAction<{ transactionId: string; status: number }>(() => pending.refresh());
  const list = pending.data ?? [];
  return (
    <section className="panel wide" aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title">Withdrawal queue</h2>
      <ApiError error={pending.error ?? action.error} />
      <div className="scroll">
        <table data-testid="withdrawals">
          <ColumnHeaders labels={['Transaction', 'User', 'Asset', 'Amount', 'Fee', 'Address']} action="Actions" />
          <tbody>
            {list.map((w) => (
              <tr key={w.transactionId} data-testid="withdrawal">
                <td>
                  <code>{w.transactionId}</code>
                </td>
                <td>{w.user}</td>
                <td>
                  {w.ticker} ({w.network})
                </td>
                <td className="num">{w.amount}</td>
                <td className="num">{w.fee}</td>
                <td>
                  <code>{w.address}</code>
                </td>
                <td className="actions">
                  <button type="button" onClick={() => action.run(() => admin.completeWithdrawal(w.transactionId))}>
                    Complete
                  </button>
                  <button
                    type="button"
                    onClick={() =>
                      action.run(() => admin.rejectWithdrawal(w.transactionId, 'rejected by the operator'))
                    }
                  >
                    Reject
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pending.data !== undefined && list.length === 0 && <p className="muted">No withdrawal is waiting.</p>}
    </section>
  );
}
