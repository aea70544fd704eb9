import { Candles } from '../market-data/candles.js';
import type { MarketData } from '../market-data/market-data.js';
import type { VenueView } from '../venue/venue-view.js';
import type { Channel, ChannelFactory, KeyAllowance, StreamContext } from './channel.js';
import { DurableOutbox } from './durable-outbox.js';
import type { MethodTable } from './method.js';
import { orderMethods } from './orders/order-methods.js';
import { serviceMethods } from './service-methods.js';
import { StreamHub, type HubErrorLog, type HubOptions, type KeyStandingOf, type StreamObserver } from './stream-hub.js';
import { bookTickerChannel } from './channels/book-ticker.js';
import { candlesChannel } from './channels/candles.js';
import { depthChannel } from './channels/depth.js';
import { lastpriceChannel } from './channels/lastprice.js';
import { marketTodayChannel } from './channels/market-today.js';
import { marketChannel } from './channels/market.js';
import { premiumIndexChannel } from './channels/premium-index.js';
import { tradesChannel } from './channels/trades.js';
import { balanceSpotChannel } from './channels/balance-spot.js';
import { balanceMarginChannel } from './channels/balance-margin.js';
import { ordersPendingChannel } from './channels/orders-pending.js';
import { ordersExecutedChannel } from './channels/orders-executed.js';
import { dealsChannel } from './channels/deals.js';
import { positionsMarginChannel } from './channels/positions-margin.js';
import { positionsAccountMarginChannel } from './channels/positions-account-margin.js';
import { borrowsMarginChannel } from './channels/borrows-margin.js';
import { borrowsAccountMarginChannel } from './channels/borrows-account-margin.js';
import { adlQuantileChannel } from './channels/adl-quantile.js';
import type { FaultBoard } from '../faults/fault-board.js';
import { StreamFaults } from './stream-faults.js';
import { StoreReadTurns } from './store-read-turns.js';

/** Every channel of the socket, one line each; the account channels of PUSH_RANK in its order. */
const channelsOf = (options: StreamsOptions): readonly ChannelFactory[] => [
  tradesChannel({ gatherMs: options.tradesGatherMs }),
  lastpriceChannel,
  dealsChannel,
  ordersPendingChannel,
  ordersExecutedChannel,
  balanceSpotChannel,
  balanceMarginChannel,
  positionsMarginChannel,
  positionsAccountMarginChannel,
  borrowsMarginChannel,
  borrowsAccountMarginChannel,
  depthChannel,
  marketChannel,
  marketTodayChannel,
  bookTickerChannel,
  premiumIndexChannel,
  candlesChannel,
  adlQuantileChannel,
];

export interface StreamsOptions extends HubOptions {
  readonly venue: VenueView;
  readonly marketData: MarketData;
  /** How long after a `trades_update` the next may wait to gather later commits' trades (0: one per commit). */
  readonly tradesGatherMs: number;
  /** The candle reader the REST kline endpoint uses; built on `venue` when not given. */
  readonly candles?: Candles;
  readonly log: HubErrorLog;
  readonly observer?: StreamObserver;
  /** Methods beyond the channels' and the service methods (order methods). */
  readonly methods?: readonly ((ctx: StreamContext) => MethodTable)[];
  /** Channels beyond the socket's own (tests). */
  readonly channels?: readonly ChannelFactory[];
  /** A sandbox's fault rules: paused channels, sockets closed after a while. */
  readonly faults?: FaultBoard;
  readonly keyAllowance?: KeyAllowance;
}

/** The WebSocket API's working parts: the hub that owns the sockets, and the channels it routes to. */
export interface Streams {
  readonly hub: StreamHub;
  readonly context: StreamContext;
}

/**
 * Builds the channels and the hub, and feeds them: every accepted command goes to every channel as
 * it is applied; a rebuilt venue closes every socket (4004); a revoked key closes its sockets (4003),
 * a key whose allow-list changed those from an address it no longer allows (4005), a sub-account
 * blocked or deleted those of its keys (4006) as the command applies, before any later one's push.
 */
export function createStreams(options: StreamsOptions): Streams {
  const { venue, marketData } = options;
  const outbox = new DurableOutbox(venue, (error) => options.log(error, 'push'));
  const candles = options.candles ?? new Candles(venue);
  const context: StreamContext = {
    venue,
    marketData,
    candles,
    outbox,
    reads: new StoreReadTurns(venue),
    keyAllowance: options.keyAllowance,
  };
  const channels: Channel[] = [...channelsOf(options), ...(options.channels ?? [])].map((make) => make(context));
  const faults = options.faults === undefined ? undefined : new StreamFaults(options.faults);
  const hub = new StreamHub(channels, outbox, { ...options, mutes: faults }, options.log, options.observer);
  faults?.attach(hub);
  hub.addMethods(serviceMethods(venue, hub));
  hub.addMethods(orderMethods(context));
  for (const methods of options.methods ?? []) hub.addMethods(methods(context));
  const listening = channels.filter((c) => c.onCommand !== undefined);
  const standing: KeyStandingOf = (apiKey, ip) => venue.websocketTokens.standing(apiKey, ip, venue.state);
  venue.subscribe(
    (events, command, result, stamp) => {
      const applied = { events, command, result, stamp };
      for (const channel of listening) channel.onCommand?.(applied);
      if (command.type === 'SetSubAccountBlocked' || command.type === 'DeleteSubAccount') {
        hub.keysChanged(standing, command.id);
      }
    },
    () => {
      hub.venueReset();
      return Promise.resolve();
    },
  );
  venue.onKeyChanged((apiKey) => (apiKey === undefined ? hub.keysChanged(standing) : hub.keyChanged(apiKey, standing)));
  return { hub, context };
}
