import type { TxcClient } from '@txc/sdk';
import { publicClient } from '../api/connection.js';
import type { MarketInfo } from '../market/MarketList.js';
import { ApiError } from '../ui/ApiError.js';
import { readableDecimal, roundDecimal } from '../ui/decimal.js';
import { usePolling } from '../ui/use-polling.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';

/** A figure rounded for reading, its exact value as the cell's title. */
function Figure({ exact, shown, className = 'num' }: { exact: string; shown: string; className?: string }) {
  return (
    <td className={className} title={exact}>
      {shown}
    </td>
  );
}

/**
 * Which way a position is: hedge mode names it (`LONG`, `SHORT`); one-way mode says `BOTH`, and the
 * amount's sign tells (negative when short).
 */
function sideOf(position: { positionSide: string; amount: string }): 'long' | 'short' {
  if (position.positionSide === 'LONG') return 'long';
  if (position.positionSide === 'SHORT') return 'short';
  return position.amount.startsWith('-') ? 'short' : 'long';
}

/**
 * Open collateral positions with their entry, the market's mark, PnL, liquidation price and ADL rank;
 * read again at each change of `version` (a position opened, changed or closed).
 * The API writes marks, PnL and liquidation prices with up to 18 decimals: prices are shown at their
 * market's precision, the PnL to a few significant digits (and its cents).
 */
export function Positions({
  client,
  markets,
  version,
}: {
  client: TxcClient;
  markets: readonly MarketInfo[];
  version: number;
}) {
  const positions = usePolling(() => client.openPositions(), 5000, [client], version);
  const futures = usePolling(() => publicClient.futures(), 5000, []);
  const mark = (market: string) => futures.data?.result.find((f) => f.ticker_id === market)?.markPrice;
  const price = (text: string, market: string) => {
    const info = markets.find((m) => m.name === market);
    return info === undefined ? readableDecimal(text) : roundDecimal(text, Number(info.moneyPrec));
  };
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
            {list.map((p) => {
              const markPrice = mark(p.market);
              return (
                <tr key={p.positionId} data-testid="position">
                  <td>{p.market}</td>
                  <td data-testid="position-side">{sideOf(p)}</td>
                  <td className="num">{p.amount}</td>
                  <Figure exact={p.basePrice} shown={price(p.basePrice, p.market)} />
                  {markPrice === undefined ? (
                    <td className="num">—</td>
                  ) : (
                    <Figure exact={markPrice} shown={price(markPrice, p.market)} />
                  )}
                  <Figure
                    className={`num ${p.unrealizedPnl.startsWith('-') ? 'down' : 'up'}`}
                    exact={p.unrealizedPnl}
                    shown={readableDecimal(p.unrealizedPnl)}
                  />
                  {p.liquidationPrice === null ? (
                    <td className="num">—</td>
                  ) : (
                    <Figure exact={p.liquidationPrice} shown={price(p.liquidationPrice, p.market)} />
                  )}
                  <td className="num">{p.adlQuantile ?? '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {positions.data !== undefined && list.length === 0 && <p className="muted">No open positions.</p>}
    </section>
  );
}
