import type { TxcClient } from '@txc/sdk';
import type { MarketInfo } from '../market/MarketList.js';
import { ApiError } from '../ui/ApiError.js';
import { usePolling } from '../ui/use-polling.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';
import { AmountCell } from './Amount.js';
import { amountAssetsOf } from './order-types.js';

function when(seconds: number): string {
  return new Date(Math.floor(seconds * 1000)).toLocaleString();
}

/**
 * Which account the market's finished orders are on, as far as the market tells: the history lists
 * spot and collateral orders alike, without saying which each was.
 */
function accountOn(market: MarketInfo): 'spot' | 'collateral' | undefined {
  if (market.type !== 'spot') return 'collateral';
  return market.isCollateral ? undefined : 'spot';
}

/**
 * Finished orders and the user's own trades on a market, newest first; read again at each change of
 * `version` (an order of the user's finished or traded, here or through any other client).
 */
export function History({ client, market: info, version }: { client: TxcClient; market: MarketInfo; version: number }) {
  const market = info.name;
  const orders = usePolling(() => client.orderHistory({ market, limit: 50 }), 10_000, [client, market], version);
  const deals = usePolling(() => client.executedHistory({ market, limit: 50 }), 10_000, [client, market], version);
  const finished = orders.data?.[market] ?? [];
  const trades = deals.data === undefined ? [] : Array.isArray(deals.data) ? deals.data : (deals.data[market] ?? []);
  return (
    <section className="panel wide" aria-labelledby="history-title">
      <h2 id="history-title">History · {market}</h2>
      <ApiError error={orders.error ?? deals.error} />
      <h3>Orders</h3>
      <div className="scroll">
        <table data-testid="order-history">
          <ColumnHeaders labels={['Id', 'Finished', 'Side', 'Type', 'Price', 'Amount', 'Filled', 'Status']} />
          <tbody>
            {finished.map((o) => (
              <tr key={o.id}>
                <td className="num">{o.id}</td>
                <td>{when(o.ftime)}</td>
                <td className={o.side}>{o.side}</td>
                <td>{o.type}</td>
                {/* a market order has no price of its own: its deals below show what it paid */}
                <td className="num">{o.price === '0' ? 'market' : o.price}</td>
                <AmountCell amount={o.amount} assets={amountAssetsOf(o, info, accountOn(info))} />
                <AmountCell amount={o.dealStock} assets={[info.stock]} />
                <td>{o.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>Trades</h3>
      <div className="scroll">
        <table data-testid="trade-history">
          <ColumnHeaders labels={['Id', 'Time', 'Side', 'Role', 'Price', 'Amount', 'Fee']} />
          <tbody>
            {trades.map((d) => (
              <tr key={d.id}>
                <td className="num">{d.id}</td>
                <td>{when(d.time)}</td>
                <td className={d.side}>{d.side}</td>
                <td>{d.role === 1 ? 'maker' : 'taker'}</td>
                <td className="num">{d.price}</td>
                <AmountCell amount={d.amount} assets={[info.stock]} />
                <td className="num">
                  {d.fee} {d.feeAsset}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
