import { useState, type FormEvent } from 'react';
import type { AdminClient } from '../api/admin-client.js';
import { ApiError } from '../ui/ApiError.js';
import { useAction } from '../ui/use-action.js';
import { usePolling } from '../ui/use-polling.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';
import { Confirm } from '../ui/Confirm.js';

/** Credits a deposit to a user's main account; `onCredited` once it is. */
export function DepositPanel({ admin, onCredited }: { admin: AdminClient; onCredited: () => void }) {
  const [user, setUser] = useState('');
  const [ticker, setTicker] = useState('USDT');
  const [amount, setAmount] = useState('');
  const deposit = useAction<{ transactionId: string }>(onCredited);
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
      <ApiError
        error={deposit.error}
        unanswered="The deposit may have been credited all the same: look at the ledger before crediting it again."
      />
      {deposit.result && (
        <p role="status" data-testid="deposit-done">
          Credited: transaction {deposit.result.transactionId}.
        </p>
      )}
    </section>
  );
}

type Decision = { verb: 'complete' | 'reject'; transactionId: string };

/**
 * The withdrawals waiting for the operator, each completed (paid out) or rejected (its amount and fee
 * back to the user, with the reason given here) after a confirmation: neither can be undone.
 */
export function WithdrawalsPanel({ admin }: { admin: AdminClient }) {
  const pending = usePolling(() => admin.pendingWithdrawals(), 5000, [admin]);
  const [deciding, setDeciding] = useState<Decision | undefined>(undefined);
  const [reason, setReason] = useState('');
  const action = useAction<Decision>(() => pending.refresh());
  const decide = (decision: Decision) => {
    setDeciding(undefined);
    action.run(async () => {
      if (decision.verb === 'complete') await admin.completeWithdrawal(decision.transactionId);
      else await admin.rejectWithdrawal(decision.transactionId, reason.trim() === '' ? undefined : reason.trim());
      return decision;
    });
  };
  const ask = (decision: Decision) => {
    setReason('');
    setDeciding(decision);
  };
  const list = pending.data ?? [];
  return (
    <section className="panel wide" aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title">Withdrawal queue</h2>
      {deciding !== undefined && (
        <Confirm
          testId="withdrawal-confirm"
          confirmTestId="withdrawal-confirm-ok"
          confirmLabel={deciding.verb === 'complete' ? 'Complete' : 'Reject'}
          onConfirm={() => decide(deciding)}
          onCancel={() => setDeciding(undefined)}
        >
          {deciding.verb === 'complete' ? (
            <p>
              Complete withdrawal <code>{deciding.transactionId}</code>? It is paid out to its address.
            </p>
          ) : (
            <>
              <p>
                Reject withdrawal <code>{deciding.transactionId}</code>? Its amount and fee go back to the user.
              </p>
              <label className="form">
                Reason (optional, kept with the rejection)
                <input data-testid="withdrawal-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
              </label>
            </>
          )}
        </Confirm>
      )}
      <ApiError error={pending.error ?? action.error} />
      {action.result && (
        <p role="status" data-testid="withdrawal-done">
          Withdrawal {action.result.transactionId} {action.result.verb === 'complete' ? 'completed' : 'rejected'}.
        </p>
      )}
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
                  <button
                    type="button"
                    disabled={action.busy}
                    onClick={() => ask({ verb: 'complete', transactionId: w.transactionId })}
                  >
                    Complete
                  </button>
                  <button
                    type="button"
                    disabled={action.busy}
                    onClick={() => ask({ verb: 'reject', transactionId: w.transactionId })}
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
