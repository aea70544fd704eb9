import type { TxcClient } from '@txc/sdk';
import { publicClient } from '../api/connection.js';
import { ApiError } from '../ui/ApiError.js';
import { usePolling } from '../ui/use-polling.js';

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
          <thead>
            <tr>
              <th scope="col">Market</th>
              <th scope="col">Side</th>
              <th scope="col">Amount</th>
              <th scope="col">Entry</th>
              <th scope="col">Mark</th>
              <th scope="col">Unrealized PnL</th>
              <th scope="col">Liquidation</th>
              <th scope="col">ADL</th>
            </tr>
          </thead>
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
