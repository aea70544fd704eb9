import type { Order, TxcClient } from '@txc/sdk';
import { useState } from 'react';
import { ApiError } from '../ui/ApiError.js';
import type { Polled } from '../ui/use-polling.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';

/** The user's open orders on a market, each with a cancel button. */
export function OpenOrders({
  client,
  market,
  orders,
  onChanged,
}: {
  client: TxcClient;
  market: string;
  orders: Polled<Order[]>;
  onChanged: () => void;
}) {
  const [error, setError] = useState<unknown>(undefined);
  const cancel = (orderId: number) => {
    setError(undefined);
    client
      .orderCancel({ market, orderId })
      .then(onChanged)
      .catch((e: unknown) => {
        setError(e);
        onChanged();
      });
  };
  const list = orders.data ?? [];
  return (
    <section className="panel wide" aria-labelledby="open-title">
      <h2 id="open-title">Open orders · {market}</h2>
      <ApiError
        error={orders.error ?? error}
        unanswered="The order may have been cancelled all the same: this list shows it when the server answers again."
      />
      <div className="scroll">
        <table data-testid="open-orders">
          <ColumnHeaders labels={['Id', 'Side', 'Type', 'Price', 'Trigger', 'Amount', 'Left']} action="Cancel" />
          <tbody>
            {list.map((o) => (
              <tr key={o.orderId} data-testid="open-order" data-order-id={o.orderId}>
                <td className="num">{o.orderId}</td>
                <td className={o.side}>{o.side}</td>
                <td>{o.type}</td>
                {/* a stop-market order has no price of its own: it executes at market once triggered */}
                <td className="num">{o.price === '0' ? 'market' : o.price}</td>
                <td className="num" data-testid="open-order-trigger" data-activated={o.activated ?? ''}>
                  {o.activation_price ?? ''}
                  {o.activated === 1 && ' · triggered'}
                </td>
                <td className="num">{o.amount}</td>
                <td className="num">{o.left}</td>
                <td>
                  <button
                    type="button"
                    data-testid={`cancel-${o.orderId}`}
                    aria-label={`Cancel order ${o.orderId}`}
                    onClick={() => cancel(o.orderId)}
                  >
                    Cancel
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {orders.data !== undefined && list.length === 0 && <p className="muted">No open orders.</p>}
    </section>
  );
}
