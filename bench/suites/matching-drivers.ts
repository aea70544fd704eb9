import {
  apply,
  fastBook,
  spotLimitOrder,
  type BookEntry,
  type MarketSpec,
  type OrderBook,
  type State,
} from '@txc/core';
import { OrderBook as PeerBook } from 'nodejs-order-book';
import { spotVenue } from '../spot-venue.js';
import { BUY, OP_ADD, OP_CANCEL, type Depth, type Workload } from '../workload.js';

/** Runs one workload record (index i); a driver per engine. */
export interface Driver {
  op(i: number): void;
  depth(): { bids: Depth; asks: Depth };
}

/** nodejs-order-book: limit orders for adds and crosses, cancel by id. */
export function peerDriver(wl: Workload): Driver {
  const ob = new PeerBook();
  const r = wl.records;
  return {
    op(i) {
      const k = i * 5;
      const id = String(r[k + 2]);
      if (r[k] === OP_CANCEL) ob.cancel(id);
      else
        ob.limit({
          id,
          side: r[k + 1] === BUY ? 'buy' : 'sell',
          size: r[k + 4] as number,
          price: r[k + 3] as number,
        } as never);
    },
    depth() {
      const [asks, bids] = ob.depth();
      return { bids: bids.map(([p, q]) => [p, q, 0]), asks: asks.map(([p, q]) => [p, q, 0]) };
    },
  };
}

function depthOf<E extends BookEntry>(book: OrderBook<E>, side: 'buy' | 'sell'): Depth {
  const out: Depth = [];
  for (const e of book.entries(side)) {
    const last = out[out.length - 1];
    if (last !== undefined && last[0] === e.price) {
      last[1] += e.left;
      last[2]++;
    } else out.push([e.price, e.left, 1]);
  }
  return out;
}

/** txc's matching book alone: entries of ticks and lots, price-time matching, no money. */
export function bookDriver(wl: Workload): Driver {
  const book = fastBook<BookEntry>();
  const byId: (BookEntry | undefined)[] = [];
  const r = wl.records;
  return {
    op(i) {
      const k = i * 5;
      const type = r[k];
      const id = r[k + 2] as number;
      if (type === OP_CANCEL) {
        book.remove(byId[id] as BookEntry);
        byId[id] = undefined;
        return;
      }
      const side = r[k + 1] === BUY ? 'buy' : 'sell';
      const price = r[k + 3] as number;
      let left = r[k + 4] as number;
      const opposite = side === 'buy' ? 'sell' : 'buy';
      while (left > 0) {
        const m = book.best(opposite);
        if (m === undefined || (side === 'buy' ? m.price > price : m.price < price)) break;
        if (m.left <= left) {
          left -= m.left;
          book.remove(m);
          byId[m.id] = undefined;
        } else {
          book.reduce(m, left);
          left = 0;
        }
      }
      if (left > 0 && type === OP_ADD) {
        const e: BookEntry = { id, side, price, left, hidden: false, prev: null, next: null, level: null };
        book.add(e);
        byId[id] = e;
      }
    },
    depth() {
      return { bids: depthOf(book, 'buy'), asks: depthOf(book, 'sell') };
    },
  };
}

const BENCH_MARKET: MarketSpec = {
  name: 'BENCH_USDT',
  stock: 'BENCH',
  money: 'USDT',
  type: 'spot',
  stockPrec: 4,
  moneyPrec: 2,
  feePrec: 6,
  makerFee: 1_000_000_000_000_000n,
  takerFee: 2_000_000_000_000_000n,
  minAmount: 1n,
  minTotal: 0n,
  maxTotal: 0n,
  tradesEnabled: true,
  isCollateral: false,
};

/** A venue state with the bench market and two users funded far beyond the workload's needs. */
function benchState(): State {
  return spotVenue(BENCH_MARKET, { stock: 8, money: 6 }, ['u0', 'u1'], 10n ** 20n, 1);
}

/**
 * The full engine: every record becomes a command through `apply` — holds, fees, settlement,
 * events and state, as the sequencer runs it (without the journal).
 */
export function engineDriver(wl: Workload): Driver {
  const state = benchState();
  const engineId = new Int32Array(wl.prefill + wl.ops + 2);
  const r = wl.records;
  let seq = state.seq;
  // microseconds since the epoch, as the sequencer's clock stamps them: numbers that large are not
  // small integers to V8, and each one an order or event keeps costs an allocation, as in the server
  let time = 1_764_000_000_000_000;
  return {
    op(i) {
      const k = i * 5;
      const type = r[k];
      const id = r[k + 2] as number;
      const stamp = { seq: ++seq, time: time++ };
      if (type === OP_CANCEL) {
        const { result } = apply(
          state,
          { type: 'CancelOrder', user: id & 1 ? 'u1' : 'u0', market: 'BENCH_USDT', orderId: engineId[id] as number },
          stamp,
        );
        if (!result.ok) throw new Error(`cancel of ${id} refused: ${result.rejection.reason}`);
        return;
      }
      const cmd = spotLimitOrder(
        id & 1 ? 'u1' : 'u0',
        'BENCH_USDT',
        r[k + 1] === BUY ? 'buy' : 'sell',
        r[k + 3] as number,
        r[k + 4] as number,
      );
      const { result } = apply(state, cmd, stamp);
      if (!result.ok) throw new Error(`order ${id} refused: ${result.rejection.reason}`);
      engineId[id] = result.value.id;
    },
    depth() {
      const book = state.trading.markets.get('BENCH_USDT')?.book;
      if (book === undefined) return { bids: [], asks: [] };
      return { bids: depthOf(book, 'buy'), asks: depthOf(book, 'sell') };
    },
  };
}
