import type { Order, TxcClient } from '@txc/sdk';
import { useRef, useState } from 'react';
import type { MarketInfo } from '../market/MarketList.js';
import { ApiError } from '../ui/ApiError.js';
import type { Polled } from '../ui/use-polling.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';
import { AmountCell } from './Amount.js';
import { amountAssetsOf } from './order-types.js';

/** A collateral order is listed with `reduceOnly`, a spot order without (the SDK's CollateralOrderShape). */
function accountOf(order: Order): 'spot' | 'collateral' {
  return 'reduceOnly' in order ? 'collateral' : 'spot';
}

/** The user's open orders on a market, each with a cancel button. */
export function OpenOrders({
  client,
  market: info,
  orders,
  onChanged,
}: {
  client: TxcClient;
  market: MarketInfo;
  orders: Polled<Order[]>;
  onChanged: () => void;
}) {
  const market = info.name;
  const [error, setError] = useState<unknown>(undefined);
  // the orders whose cancel was sent: a second one would be refused as "not found" once the first is
  // done; kept in a ref too, as a double click's second click may come before the button is disabled
  const sent = useRef(new Set<number>());
  const [cancelling, setCancelling] = useState<ReadonlySet<number>>(new Set());
  const settle = (orderId: number, cancelled: boolean) => {
    // a cancelled order stays disabled until the list drops it: it is gone, not to be cancelled again
    if (!cancelled) sent.current.delete(orderId);
    setCancelling(new Set(sent.current));
  };
  const cancel = (orderId: number) => {
    if (sent.current.has(orderId)) return;
    sent.current.add(orderId);
    setCancelling(new Set(sent.current));
    setError(undefined);
    client.orderCancel({ market, orderId }).then(
      () => {
        settle(orderId, true);
        onChanged();
      },
      (e: unknown) => {
        settle(orderId, false);
        setError(e);
        onChanged();
      },
    );
  };
  const list = orders.data ?? [];
  return (
    <section className="panel wide" aria-labelledby="open-title">
      <h2 id="open-title">Open orders · {market}</h2>
      {/* the cancel's own error first: the list read again meanwhile must not hide it */}
      <ApiError
        error={error}
        unanswered="The order may have been cancelled all the same: this list shows it when the server answers again."
      />
      <ApiError error={orders.error} />
      <div className="scroll">
        <table data-testid="open-orders">
          <ColumnHeaders labels={['Id', 'Side', 'Type', 'Price', 'Trigger', 'Amount', 'Left']} action="Cancel" />
          <tbody>
            {list.map((o) => {
              const assets = amountAssetsOf(o, info, accountOf(o));
              return (
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
                  <AmountCell amount={o.amount} assets={assets} />
                  <AmountCell amount={o.left} assets={assets} />
                  <td>
                    <button
                      type="button"
                      data-testid={`cancel-${o.orderId}`}
                      aria-label={`Cancel order ${o.orderId}`}
                      disabled={cancelling.has(o.orderId)}
                      onClick={() => cancel(o.orderId)}
                    >
                      Cancel
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {orders.data !== undefined && list.length === 0 && <p className="muted">No open orders.</p>}
    </section>
  );
}
