import { AsyncResource } from 'node:async_hooks';
import type { Store } from '../store/port.js';
import type { VenueView } from '../venue/venue-view.js';
import type { WsConnection } from './connection.js';
import { WS_ERRORS, WsError } from './protocol.js';

/** Store reads one connection may have under way; the next request that needs one is answered code 7. */
export const READS_WAITING_MOST = 4;

/**
 * How long one read holds the turn. A read that holds the thread (SQLite's) ends before anything
 * else can run anyway; one the store is slow to answer (a PostgreSQL under load) lets the next start.
 */
export const TURN_MOST_MS = 250;

interface Turn {
  readonly run: () => Promise<void>;
  readonly drop: () => void;
}

/**
 * The store reads of one-shot requests (trades after an id, candles, market periods past what is
 * kept in memory, a user's deals and executed orders), one at a time (a slow one for TURN_MOST_MS at
 * most), connections taking turns. Such a read can hold the one thread for tens of milliseconds
 * (candles of seconds built from stored trades), so a client sending them as fast as its request
 * allowance lets it would otherwise queue seconds of them ahead of every push and every other
 * client's answer (docs/decisions.md, "WebSocket limits"). Between two reads every other callback
 * runs; a connection with READS_WAITING_MOST reads under way is answered code 7 for another, and its
 * reads never go ahead of another connection's waiting one. Each read is a durable read as any
 * other: it waits for the commits before it and is answered unavailable once the store wait has
 * passed, its turn included (a read still waiting for its turn then is not made).
 */
export class StoreReadTurns {
  /** Reads under way per connection, turn or not. */
  private readonly underWay = new Map<WsConnection, number>();
  /** Connections with reads waiting for their turn, in the order they take them. */
  private readonly waiting = new Map<WsConnection, Turn[]>();
  private reading = false;

  constructor(private readonly venue: VenueView) {}

  read<T>(conn: WsConnection, read: (store: Store) => Promise<T>): Promise<T> {
    const count = this.underWay.get(conn) ?? 0;
    if (count >= READS_WAITING_MOST) throw new WsError(WS_ERRORS.tooManyRequests);
    this.underWay.set(conn, count + 1);
    let answered = false;
    const answer = this.venue.readDurable((store) =>
      // a request answered meanwhile (the store wait passed): nothing would read what it finds
      this.inTurn(conn, () => (answered ? Promise.reject(new WsError(WS_ERRORS.unavailable)) : read(store))),
    );
    const done = (): void => {
      answered = true;
      const left = (this.underWay.get(conn) ?? 1) - 1;
      if (left === 0) this.underWay.delete(conn);
      else this.underWay.set(conn, left);
    };
    answer.then(done, done);
    return answer;
  }

  /** `work` once its connection's turn has come. */
  private inTurn<T>(conn: WsConnection, work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const queue = this.waiting.get(conn) ?? [];
      queue.push({
        // in the request's own context (a gateway's deadline), whichever turn set it going
        run: AsyncResource.bind(() => Promise.resolve().then(work).then(resolve, reject)),
        // a connection closed by either side reads nothing more: its answers would go nowhere
        drop: () => reject(new WsError(WS_ERRORS.unavailable)),
      });
      if (queue.length === 1) this.waiting.set(conn, queue);
      if (!this.reading) this.next();
    });
  }

  private next(): void {
    const first = this.waiting.entries().next();
    if (first.done === true) {
      this.reading = false;
      return;
    }
    const [conn, queue] = first.value;
    this.waiting.delete(conn);
    if (!conn.open) {
      for (const turn of queue) turn.drop();
      return this.next();
    }
    const turn = queue.shift() as Turn;
    // to the back of the line with what it has left
    if (queue.length > 0) this.waiting.set(conn, queue);
    this.reading = true;
    let passed = false;
    const pass = (): void => {
      if (passed) return;
      passed = true;
      clearTimeout(slow);
      setImmediate(() => this.next());
    };
    const slow = setTimeout(pass, TURN_MOST_MS);
    void turn.run().finally(pass);
  }
}
