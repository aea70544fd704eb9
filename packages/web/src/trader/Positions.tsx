import type { TxcClient } from '@txc/sdk';
import { publicClient } from '../api/connection.js';
import { ApiError } from '../ui/ApiError.js';
import { usePolling } from '../ui/use-polling.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';

/** Open collateral positions with their entry, the market's mark, PnL, liquidation price and ADL rank. */
export function Positions({ client, version }: { client: TxcClient; version: number }) {
  const positions = usePolling(() => client.openPositions(), 5000, [client, version]);
  const futures = usePolling(() => publicClient.futures(), 5000, []);
  const mark = (market: string) => futures.data?.result.find((f) => f.ticker_id === market)?.markPrice ?? '—';
  const list = positions.data ?? [];
  return (
    <section className="panel wide" aria-labelledby="positions-title">
      <h2 id="positions-title">Positions</h2>
      <ApiError error={positions.error} />
      <div className="scroll">
        <table data-testid="positions">
          <ColumnHeaders
            labels={['Market', 'Side', 'Amount', 'Entry', 'Mark', 'Unrealized PnL', 'Liquidation', 'ADL']}
          />
          <tbody>
            {list.map((p) => (
              <tr key={p.positionId} data-testid="position">
                <td>{p.market}</td>
                <td>{p.positionSide}</td>
                <td className="num">{p.amount}</td>
                <td className="num">{p.basePrice}</td>
                <td className="num">{mark(p.market)}</td>
                <td className={`num ${p.unrealizedPnl.startsWith('-') ? 'down' : 'up'}`}>{p.unrealizedPnl}</td>
                <td className="num">{p.liquidationPrice ?? '—'}</td>
                <td className="num">{p.adlQuantile ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {positions.data !== undefined && list.length === 0 && <p className="muted">No open positions.</p>}
    </section>
  );
}
