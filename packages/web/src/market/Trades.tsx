import type { StreamTrade } from '@txc/sdk';
import { useRef, useState } from 'react';
import { connectionState } from '../api/connection-state.js';
import { ApiError } from '../ui/ApiError.js';
import { useChannel } from './use-market-stream.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';

const KEPT = 50;

/** The trades kept: the newest first, KEPT of them. */
function newest(trades: StreamTrade[]): StreamTrade[] {
  return trades.sort((x, y) => y.id - x.id).slice(0, KEPT);
}

function time(seconds: number): string {
  return new Date(Math.floor(seconds * 1000)).toLocaleTimeString([], { hour12: false });
}

/** Recent trades, newest first: the subscription's snapshot, then each live trade. */
function LiveTrades({ market }: { market: string }) {
  const [trades, setTrades] = useState<StreamTrade[]>([]);
  // "no trades" is the server's word only once it took the subscription: a stream that never connected did not say it
  const [subscribed, setSubscribed] = useState(false);
  // the first batch after the stream was lost is the snapshot of a new subscription: it replaces what
  // was kept, which a venue reset or loaded meanwhile may have taken back (its trade ids start lower)
  const lossesSeen = useRef(connectionState().losses);
  const error = useChannel(
    'trades',
    [market],
    ([name, batch]) => {
      if (name !== market) return;
      const { losses } = connectionState();
      if (losses !== lossesSeen.current) {
        lossesSeen.current = losses;
        setTrades(newest([...batch]));
        return;
      }
      setTrades((current) => {
        const seen = new Set(current.map((t) => t.id));
        const fresh = batch.filter((t) => !seen.has(t.id));
        return newest([...fresh, ...current]);
      });
    },
    () => setSubscribed(true),
  );
  return (
    <>
      <ApiError error={error} />
      <table className="trades" data-testid="trades" aria-label="Recent trades">
        <ColumnHeaders labels={['Time', 'Side', 'Price', 'Amount']} />
        <tbody>
          {trades.map((t) => (
            <tr key={t.id} data-testid="trade" className={t.type}>
              <td>{time(t.time)}</td>
              {/* in words, not by colour alone: for screen readers and colour-blind eyes */}
              <td data-testid="trade-side">{t.type}</td>
              <td className="num price">{t.price}</td>
              <td className="num">{t.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {trades.length === 0 && (
        <p className="muted">{subscribed ? 'No trades yet.' : 'Waiting for the trades from the stream…'}</p>
      )}
    </>
  );
}

export function Trades({ market }: { market: string }) {
  return (
    <section className="panel" aria-labelledby="trades-title">
      <h2 id="trades-title">Recent trades</h2>
      <LiveTrades key={market} market={market} />
    </section>
  );
}
