import type { TxcClient } from '@txc/sdk';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../ui/ApiError.js';

const ACCOUNTS = ['main', 'spot', 'collateral'] as const;

/** Moves an amount between the user's own accounts. */
export function Transfer({ client, onDone }: { client: TxcClient; onDone: () => void }) {
  const [ticker, setTicker] = useState('USDT');
  const [amount, setAmount] = useState('');
  const [from, setFrom] = useState<string>('main');
  const [to, setTo] = useState<string>('spot');
  const [error, setError] = useState<unknown>(undefined);
  const [done, setDone] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setDone(false);
    client
      .transfer({ ticker: ticker.trim(), amount: amount.trim(), from, to })
      .then(() => {
        setDone(true);
        onDone();
      })
      .catch(setError);
  };
  const account = (value: string, set: (v: string) => void, testId: string) => (
    <select data-testid={testId} value={value} onChange={(e) => set(e.target.value)}>
      {ACCOUNTS.map((a) => (
        <option key={a} value={a}>
          {a}
        </option>
      ))}
    </select>
  );
  return (
    <section className="panel" aria-labelledby="transfer-title">
      <h2 id="transfer-title">Transfer</h2>
      <form className="form" onSubmit={submit}>
        <label>
          Asset
          <input data-testid="transfer-ticker" value={ticker} onChange={(e) => setTicker(e.target.value)} />
        </label>
        <label>
          Amount
          <input
            data-testid="transfer-amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        <label>From {account(from, setFrom, 'transfer-from')}</label>
        <label>To {account(to, setTo, 'transfer-to')}</label>
        <button type="submit" data-testid="transfer-submit">
          Transfer
        </button>
      </form>
      <ApiError
        error={error}
        unanswered="The transfer may have been made all the same: look at the balances before sending it again."
      />
      {done && <p role="status">Transferred.</p>}
    </section>
  );
}
