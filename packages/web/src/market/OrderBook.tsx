import type { StreamLevel } from '@txc/sdk';
import { useRef, useState } from 'react';
import { connectionState, useConnection } from '../api/connection-state.js';
import { ApiError } from '../ui/ApiError.js';
import { subtractDecimal } from '../ui/decimal.js';
import { applyDepth, EMPTY_BOOK, type Book } from './book-state.js';
import { DepthChart } from './DepthChart.js';
import { useChannel } from './use-market-stream.js';
import { ColumnHeaders } from '../ui/ColumnHeaders.js';

const LEVELS = 12;

function Levels({ side, levels }: { side: 'asks' | 'bids'; levels: StreamLevel[] }) {
  return (
    <table className={`levels ${side}`} data-testid={side} aria-label={side === 'asks' ? 'Asks' : 'Bids'}>
      <ColumnHeaders labels={['Price', 'Amount']} />
      <tbody>
        {levels.map(([price, amount]) => (
          <tr key={price} data-testid="level" data-price={price} data-amount={amount}>
            <td className="num price">{price}</td>
            <td className="num">{amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The live book of one market from the `depth` stream, best prices next to the spread. */
function LiveBook({ market, onGap }: { market: string; onGap: () => void }) {
  const [book, setBook] = useState<Book>(EMPTY_BOOK);
  const current = useRef<Book>(EMPTY_BOOK);
  // the stream's count of lost connections when the last snapshot arrived; none yet: undefined
  const [snapshotAfter, setSnapshotAfter] = useState<number | undefined>(undefined);
  const connection = useConnection();
  // what is shown is the server's book (scripts wait on it) only from a snapshot received since the
  // stream was last lost, and while it is connected: updates missed meanwhile are never replayed
  const live = connection.streamUp && snapshotAfter === connection.losses;
  const error = useChannel('depth', [market, 100, '0', true], ([full, data, name]) => {
    if (name !== market) return;
    // the book is kept in a ref as well: a gap is acted on here, never inside a state update
    const next = applyDepth(current.current, full, data);
    if (next === 'gap') return onGap();
    current.current = next;
    if (full) setSnapshotAfter(connectionState().losses);
    setBook(next);
  });
  const bestAsk = book.asks[0]?.[0];
  const bestBid = book.bids[0]?.[0];
  const spread = bestAsk !== undefined && bestBid !== undefined ? subtractDecimal(bestAsk, bestBid) : '—';
  return (
    <>
      <ApiError error={error} />
      <div className="book" data-testid="book" data-live={live}>
        <Levels side="asks" levels={book.asks.slice(0, LEVELS).reverse()} />
        <div className="spread" data-testid="spread">
          Spread <span className="num">{spread}</span>
        </div>
        <Levels side="bids" levels={book.bids.slice(0, LEVELS)} />
      </div>
      {snapshotAfter === undefined ? (
        // an empty book is the server's word only once it sent one: a stream that never connected did not
        <p className="muted">Waiting for the book from the stream…</p>
      ) : (
        <DepthChart asks={book.asks} bids={book.bids} />
      )}
    </>
  );
}

export function OrderBook({ market }: { market: string }) {
  // a lost delta restarts the subscription: the server answers with a fresh snapshot
  const [epoch, setEpoch] = useState(0);
  return (
    <section className="panel" aria-labelledby="book-title">
      <h2 id="book-title">Order book</h2>
      <LiveBook key={`${market}#${epoch}`} market={market} onGap={() => setEpoch((n) => n + 1)} />
    </section>
  );
}
