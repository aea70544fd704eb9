import type { WsConnection } from './connection.js';

/** The subscribe params that make up a connection's subscription on one channel, keyed as the channel adds them. */
type Entries = Map<string, readonly unknown[]>;

/** Where a subscription that replaces the channel's others is kept. */
const WHOLE = '';

/**
 * What each connection subscribed to, as the params it sent: enough to subscribe it again to the same
 * thing, which is how a stream paused by a fault resumes with fresh snapshots. A subscribe replaces
 * what the channel held, unless the channel keys it (`candles` and `multi_depth` add per market).
 */
export class SubscriptionLog {
  private readonly byConnection = new WeakMap<WsConnection, Map<string, Entries>>();

  subscribed(conn: WsConnection, channel: string, key: string | undefined, params: readonly unknown[]): void {
    let channels = this.byConnection.get(conn);
    if (channels === undefined) {
      channels = new Map();
      this.byConnection.set(conn, channels);
    }
    let entries = channels.get(channel);
    if (entries === undefined || key === undefined) {
      entries = new Map();
      channels.set(channel, entries);
    }
    entries.set(key ?? WHOLE, params);
  }

  /** `[]` drops the channel; `[market]` drops what was subscribed for that market. */
  unsubscribed(conn: WsConnection, channel: string, params: readonly unknown[]): void {
    const channels = this.byConnection.get(conn);
    if (params.length === 0) {
      channels?.delete(channel);
      return;
    }
    const entries = channels?.get(channel);
    if (entries === undefined) return;
    const market = params[0];
    entries.delete(String(market));
    if (entries.get(WHOLE)?.[0] === market) entries.delete(WHOLE);
  }

  /** The connection's one subscription on `channel` is now `params` (none: undefined). */
  holds(conn: WsConnection, channel: string, params: readonly unknown[] | undefined): void {
    if (params === undefined) this.byConnection.get(conn)?.delete(channel);
    else this.subscribed(conn, channel, undefined, params);
  }

  /** The params to subscribe `conn` again to what it follows on `channel`, in the order they were sent. */
  paramsOf(conn: WsConnection, channel: string): (readonly unknown[])[] {
    return [...(this.byConnection.get(conn)?.get(channel)?.values() ?? [])];
  }
}
