/** What the suite asks of a subscriber process, and what it answers (over the child's IPC channel). */

/** A request a socket sends once open: method and params, answered before the next one goes. */
export type SocketRequest = readonly [method: string, params: readonly unknown[]];

/**
 * What a process does with the frames its sockets receive: nothing but count them, or note for each
 * update it can name (a trade's price, a depth level removed) how many sockets got it and when the
 * last one did.
 */
export type WatchMode = 'count' | 'arrivals';

export type Command =
  | {
      readonly op: 'open';
      readonly url: string;
      readonly count: number;
      /** `authorize` with these tokens first (socket i takes token i modulo their number). */
      readonly tokens: readonly string[];
      readonly requests: readonly SocketRequest[];
    }
  | { readonly op: 'close' }
  | { readonly op: 'watch'; readonly mode: WatchMode }
  | { readonly op: 'frames' }
  | { readonly op: 'arrivals' }
  /** Answers once `count` sockets of this process have received the update `key`. */
  | { readonly op: 'await'; readonly key: string; readonly count: number }
  | { readonly op: 'health' };

/** How many sockets received one update, and when the last of them did (ms, wall clock). */
export interface Arrival {
  readonly key: string;
  readonly count: number;
  readonly lastAt: number;
}

export interface Health {
  /** Sockets open now. */
  readonly open: number;
  /** Sockets the server closed or that failed, since they were opened. */
  readonly lost: number;
  /** The first few reasons. */
  readonly problems: readonly string[];
}

export type Answer =
  | { readonly opened: number; readonly failed: number; readonly problems: readonly string[] }
  | { readonly frames: number }
  | { readonly arrivals: readonly Arrival[] }
  | Health
  | { readonly done: true };

/** A command with its id, and the answer with the same id. */
export interface Envelope<T> {
  readonly id: number;
  readonly body: T;
}

/** The key of a trade in `trades_update` (its price in ticks) and of a depth level removed. */
export const tradeKey = (ticks: bigint): string => `t:${ticks}`;
export const depthKey = (ticks: bigint): string => `d:${ticks}`;

/** Wall-clock milliseconds with a fraction, comparable between processes of one machine. */
export const wallNow = (): number => performance.timeOrigin + performance.now();
