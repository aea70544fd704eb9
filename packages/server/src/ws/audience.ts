import type { WsConnection } from './connection.js';
import { TextFrame } from './text-frame.js';

/** The key of a subscription to every market (`trades_subscribe []`, `bookTicker_subscribe []`…). */
export const EVERY = '*';

/**
 * Who follows what on one channel: key (a market, `EVERY`, or a channel's own group key) → the
 * connections subscribed. An update is serialized once and the same text goes to every member.
 */
export class Audience {
  private readonly members = new Map<string, Set<WsConnection>>();

  add(key: string, conn: WsConnection): void {
    let set = this.members.get(key);
    if (set === undefined) {
      set = new Set();
      this.members.set(key, set);
    }
    set.add(conn);
  }

  remove(key: string, conn: WsConnection): void {
    const set = this.members.get(key);
    if (set === undefined) return;
    set.delete(conn);
    if (set.size === 0) this.members.delete(key);
  }

  /** The connections following a key (none: empty). */
  of(key: string): ReadonlySet<WsConnection> {
    return this.members.get(key) ?? NOBODY;
  }

  has(key: string): boolean {
    return this.members.has(key);
  }

  /** Keys somebody follows. */
  followedKeys(): IterableIterator<string> {
    return this.members.keys();
  }

  /** Sends the same frame to every follower of `key`; also to followers of EVERY when `alsoEvery`. */
  send(key: string, text: string, alsoEvery = false): void {
    const frame = new TextFrame(text);
    for (const conn of this.of(key)) conn.send(frame);
    if (alsoEvery && key !== EVERY) for (const conn of this.of(EVERY)) conn.send(frame);
  }

  clear(): void {
    this.members.clear();
  }
}

const NOBODY: ReadonlySet<WsConnection> = new Set();
