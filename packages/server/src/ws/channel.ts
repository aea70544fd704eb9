import type { PrivateEndpoint } from '@txc/sdk';
import type { Command, CommandResults, Event } from '@txc/core';
import type { Candles } from '../market-data/candles.js';
import type { MarketData } from '../market-data/market-data.js';
import type { CommandStamp } from '../venue/sequencer/sequencer.js';
import type { VenueView } from '../venue/venue-view.js';
import type { WsConnection } from './connection.js';
import type { DurableOutbox } from './durable-outbox.js';
import type { StoreReadTurns } from './store-read-turns.js';

/** One accepted command as the sequencer applied it: what the channels learn from. */
export interface AppliedCommand {
  readonly events: readonly Event[];
  readonly command: Command;
  readonly result: CommandResults[Command['type']];
  readonly stamp: CommandStamp;
}

/** What every channel works with. */
export interface StreamContext {
  readonly venue: VenueView;
  readonly marketData: MarketData;
  /** The candle store's reader (kline), shared with the REST kline endpoint. */
  readonly candles: Candles;
  /** Every push and every answer that reads state goes through it: sent once durable, in journal order. */
  readonly outbox: DurableOutbox;
  /** The store reads one-shot requests make, one at a time, connections taking turns. */
  readonly reads: StoreReadTurns;
  /**
   * Counts an order method against its key's allowance of the REST endpoint it stands for, shared
   * with that endpoint's own requests; false once it is spent. None: no per-key count (tests).
   */
  readonly keyAllowance?: KeyAllowance;
}

/** Counts one use of `endpoint` by `apiKey`; false once the key's allowance of its rate-limit group is spent. */
export type KeyAllowance = (apiKey: string, endpoint: PrivateEndpoint) => boolean | Promise<boolean>;

/**
 * A stream of the WebSocket API (websocket spec §6–7): its `<name>_subscribe` / `_unsubscribe`
 * methods, its one-shot `<name>_request` (or `_query`), and the `<name>_update` pushes it sends.
 *
 * The hub checks authorization (private channels answer code 6 before `authorize`), the request
 * limit and the method name; the channel checks its params (throwing WsError) and keeps its
 * subscribers. Whatever a channel shows a client — an answer, a snapshot, an update — it captures
 * from the state now and sends through `outbox.later`, which holds it until the commands it reflects
 * are durable.
 */
export interface Channel {
  /** `trades`, `depth`, `balanceSpot`… */
  readonly name: string;
  /** Needs `authorize` first (account streams). */
  readonly private: boolean;
  /** The one-shot method's suffix, when the channel has one: `request` (most) or `query` (marketToday). */
  readonly oneShot?: 'request' | 'query';
  /**
   * The one-shot answer, captured now (it is sent once durable). A promise when it reads the store.
   * Throws WsError on bad params.
   */
  request?(conn: WsConnection, params: readonly unknown[]): unknown;
  /**
   * Validates the params and records the subscription (replacing the connection's previous one on
   * this channel, per the channel's rule). Snapshots it sends go through `outbox.later`, so that
   * they follow the subscribe answer and precede the updates of later commands.
   */
  subscribe(conn: WsConnection, params: readonly unknown[]): void;
  /**
   * For a channel whose subscribes add rather than replace: the key under which `params` adds
   * (a market); undefined when this subscribe replaces the connection's whole subscription.
   */
  subscriptionKey?(params: readonly unknown[]): string | undefined;
  /** `[]` drops the whole subscription; a channel that accepts `[market]` drops that market. */
  unsubscribe(conn: WsConnection, params: readonly unknown[]): void;
  /**
   * For a channel whose one subscription names a list of markets and whose unsubscribe takes one of
   * them: the params that subscribe the connection again to what it now holds (none: undefined).
   */
  heldParams?(conn: WsConnection): readonly unknown[] | undefined;
  /** The connection closed: forget it. */
  disconnect(conn: WsConnection): void;
  /** Every accepted command, as it is applied (before it is durable). */
  onCommand?(applied: AppliedCommand): void;
  /** The venue rebuilt its state from the store: every socket is closing, drop what was derived from memory. */
  onReset?(): void;
  /** The server is stopping: clear timers. */
  stop?(): void;
}

/** How streams.ts makes each channel. */
export type ChannelFactory = (ctx: StreamContext) => Channel;
