import type { TxcClient } from '@txc/sdk';
import { useState, type FormEvent } from 'react';
import type { MarketInfo } from '../market/MarketList.js';
import { ApiError } from '../ui/ApiError.js';
import { amountIsMoney, orderTypesOf, type OrderType } from './order-types.js';

type Side = 'buy' | 'sell';

interface Fields {
  price: string;
  amount: string;
  activation: string;
  stopLoss: string;
  takeProfit: string;
}

const optional = (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim());

/** Sends the order the form describes through the SDK; the API checks every field itself. */
function place(
  client: TxcClient,
  market: string,
  side: Side,
  type: OrderType,
  f: Fields,
): Promise<{ orderId: number }> {
  const base = { market, side, amount: f.amount.trim() };
  switch (type) {
    case 'limit':
      return client.orderNew({ ...base, price: f.price.trim() });
    case 'market':
      return client.orderMarket(base);
    case 'stop-limit':
      return client.orderStopLimit({ ...base, price: f.price.trim(), activation_price: f.activation.trim() });
    case 'stop-market':
      return client.orderStopMarket({ ...base, activation_price: f.activation.trim() });
    case 'collateral-limit':
      return client.collateralLimit({
        ...base,
        price: f.price.trim(),
        stopLoss: optional(f.stopLoss),
        takeProfit: optional(f.takeProfit),
      });
  }
}

export function OrderForm({
  client,
  market: info,
  onPlaced,
}: {
  client: TxcClient;
  market: MarketInfo;
  onPlaced: () => void;
}) {
  const market = info.name;
  const types = orderTypesOf(info);
  const [side, setSide] = useState<Side>('buy');
  const [chosen, setType] = useState<OrderType | undefined>(undefined);
  // a type chosen on another market falls back to this one's default
  const type = types.find((t) => t.value === chosen)?.value ?? types[0]?.value;
  const [fields, setFields] = useState<Fields>({ price: '', amount: '', activation: '', stopLoss: '', takeProfit: '' });
  const [error, setError] = useState<unknown>(undefined);
  const [placed, setPlaced] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));
  const hasPrice = type === 'limit' || type === 'stop-limit' || type === 'collateral-limit';
  const hasActivation = type === 'stop-limit' || type === 'stop-market';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (type === undefined) return;
    setBusy(true);
    setError(undefined);
    setPlaced(undefined);
    place(client, market, side, type, fields)
      .then((order) => {
        setPlaced(order.orderId);
        onPlaced();
      })
      .catch(setError)
      .finally(() => setBusy(false));
  };

  return (
    <section className="panel" aria-labelledby="order-title">
      <h2 id="order-title">New order · {market}</h2>
      <form className="form" onSubmit={submit}>
        <div role="group" aria-label="Side" className="segmented sides">
          {(['buy', 'sell'] as const).map((s) => (
            <button
              key={s}
              type="button"
              className={s}
              aria-pressed={side === s}
              data-testid={`order-side-${s}`}
              onClick={() => setSide(s)}
            >
              {s === 'buy' ? 'Buy' : 'Sell'}
            </button>
          ))}
        </div>
        <label>
          Type
          <select data-testid="order-type" value={type} onChange={(e) => setType(e.target.value as OrderType)}>
            {types.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        {hasActivation && (
          <label>
            Activation price
            <input
              data-testid="order-activation"
              inputMode="decimal"
              value={fields.activation}
              onChange={set('activation')}
            />
          </label>
        )}
        {hasPrice && (
          <label>
            Price
            <input data-testid="order-price" inputMode="decimal" value={fields.price} onChange={set('price')} />
          </label>
        )}
        <label>
          {type !== undefined && amountIsMoney(type, side)
            ? `Amount (money to spend, ${info.money})`
            : `Amount (${info.stock})`}
          <input data-testid="order-amount" inputMode="decimal" value={fields.amount} onChange={set('amount')} />
        </label>
        {type === 'collateral-limit' && (
          <>
            <label>
              Stop-loss (optional)
              <input
                data-testid="order-stop-loss"
                inputMode="decimal"
                value={fields.stopLoss}
                onChange={set('stopLoss')}
              />
            </label>
            <label>
              Take-profit (optional)
              <input
                data-testid="order-take-profit"
                inputMode="decimal"
                value={fields.takeProfit}
                onChange={set('takeProfit')}
              />
            </label>
          </>
        )}
        <button type="submit" data-testid="order-submit" disabled={busy || type === undefined} className={side}>
          {side === 'buy' ? 'Buy' : 'Sell'} {market}
        </button>
      </form>
      <ApiError
        error={error}
        unanswered="The order may have been placed all the same: look in Open orders before placing it again."
      />
      {placed !== undefined && (
        <p role="status" data-testid="order-placed">
          Order {placed} placed.
        </p>
      )}
    </section>
  );
}
