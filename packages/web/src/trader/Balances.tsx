import type { TxcClient } from '@txc/sdk';
import { ApiError } from '../ui/ApiError.js';
import type { Polled } from '../ui/use-polling.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';

export interface AccountBalances {
  readonly main: Record<string, { main_balance: string }>;
  readonly spot: Record<string, { available: string; freeze: string }>;
  readonly collateral: Record<string, string>;
}

export async function loadBalances(client: TxcClient): Promise<AccountBalances> {
  const [main, spot, collateral] = await Promise.all([
    client.mainBalances(),
    client.tradeBalances(),
    client.collateralBalance(),
  ]);
  return { main, spot, collateral };
}

/** One row per asset: the main account, the spot account (available and in orders), collateral. */
export function Balances({ balances }: { balances: Polled<AccountBalances> }) {
  const data = balances.data;
  const tickers = data === undefined ? [] : [...new Set([...Object.keys(data.main), ...Object.keys(data.spot)])].sort();
  return (
    <section className="panel wide" aria-labelledby="balances-title">
      <h2 id="balances-title">Balances</h2>
      <ApiError error={balances.error} />
      <div className="scroll">
        <table data-testid="balances" aria-busy={data === undefined}>
          <ColumnHeaders labels={['Asset', 'Main', 'Spot available', 'Spot in orders', 'Collateral']} />
          <tbody>
            {tickers.map((ticker) => (
              <tr key={ticker} data-testid={`balance-${ticker}`}>
                <th scope="row">{ticker}</th>
                <td className="num" data-testid="main">
                  {data?.main[ticker]?.main_balance ?? '0'}
                </td>
                <td className="num" data-testid="spot-available">
                  {data?.spot[ticker]?.available ?? '0'}
                </td>
                <td className="num" data-testid="spot-freeze">
                  {data?.spot[ticker]?.freeze ?? '0'}
                </td>
                <td className="num" data-testid="collateral">
                  {data?.collateral[ticker] ?? '0'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
