/** What a method of the WebSocket API does. */
export type StreamMethodKind = 'service' | 'request' | 'query' | 'subscribe' | 'unsubscribe' | 'order';

/** One method of the WebSocket API (`/ws`), as the coverage page lists it. */
export interface StreamMethod {
  readonly method: string;
  /** The channel it belongs to (its pushes are `<channel>_update`); undefined for service methods. */
  readonly channel?: string;
  readonly kind: StreamMethodKind;
  /** Needs `authorize` on the connection first (code 6 otherwise). */
  readonly private: boolean;
  readonly summary: string;
  /** The section of the WebSocket reference (or the decision) it follows. */
  readonly follows: string;
}

interface ChannelTerms {
  readonly private?: boolean;
  /** The one-shot method's suffix, if the channel has one. */
  readonly oneShot?: 'request' | 'query';
  /** What the one-shot method answers, where it is not the subscription's summary once. */
  readonly oneShotSummary?: string;
  readonly summary: string;
  readonly follows: string;
}

/** A channel's methods: its one-shot form, subscribe and unsubscribe. */
function channel(name: string, terms: ChannelTerms): StreamMethod[] {
  const base = { channel: name, private: terms.private ?? false, follows: terms.follows };
  return [
    ...(terms.oneShot === undefined
      ? []
      : [
          {
            ...base,
            method: `${name}_${terms.oneShot}`,
            kind: terms.oneShot,
            summary: terms.oneShotSummary ?? `${terms.summary}, once`,
          },
        ]),
    { ...base, method: `${name}_subscribe`, kind: 'subscribe', summary: `${terms.summary}: ${name}_update pushes` },
    { ...base, method: `${name}_unsubscribe`, kind: 'unsubscribe', summary: `Stops ${name}_update` },
  ];
}

function service(method: string, summary: string, follows: string): StreamMethod {
  return { method, kind: 'service', private: false, summary, follows };
}

/** The account streams (websocket spec §7): private, each the account of the authorized user. */
const ACCOUNT = {
  balanceSpot: {
    private: true,
    oneShot: 'request',
    summary: 'Spot balances of assets (all with [])',
    follows: 'websocket spec §7.2; decisions.md "Account streams"',
  },
  balanceMargin: {
    private: true,
    oneShot: 'request',
    summary: 'Collateral balances: balance, borrow, available with and without borrowing',
    follows: 'websocket spec §7.3; decisions.md "Account streams"',
  },
  ordersPending: {
    private: true,
    oneShot: 'request',
    oneShotSummary: 'Open orders of one market, paged (offset, limit)',
    summary: 'Open orders: new (1), updated (2), finished (3)',
    follows: 'websocket spec §7.4; decisions.md "Account streams"',
  },
  ordersExecuted: {
    private: true,
    oneShot: 'request',
    oneShotSummary: 'Finished orders of one market (and order types), paged (offset, limit)',
    summary: 'Finished orders, filled or cancelled',
    follows: 'websocket spec §7.5; decisions.md "Account streams"',
  },
  deals: {
    private: true,
    oneShot: 'request',
    oneShotSummary: 'Own trades of one market, paged (offset, limit)',
    summary: 'Own trades, one per fill',
    follows: 'websocket spec §7.6; decisions.md "Account streams"',
  },
  positionsMargin: {
    private: true,
    summary: 'Open positions, the whole account',
    follows: 'websocket spec §7.7; decisions.md "Account streams"',
  },
  positionsAccountMargin: {
    private: true,
    summary: 'Positions at margin call (1) and liquidation (2)',
    follows: 'websocket spec §7.8; decisions.md "Account streams"',
  },
  borrowsMargin: {
    private: true,
    summary: 'Borrows from the lending pool, the whole account',
    follows: 'websocket spec §7.9; decisions.md "Account streams"',
  },
  borrowsAccountMargin: {
    private: true,
    summary: 'Borrows at margin call (1) and liquidation (2)',
    follows: 'websocket spec §7.10; decisions.md "Account streams"',
  },
} as const satisfies Record<string, ChannelTerms>;

/** An order method (websocket spec §9): one object of named params, answered once the command is durable. */
function order(method: string, summary: string): StreamMethod {
  return {
    method,
    kind: 'order',
    private: true,
    summary,
    follows: 'websocket spec §9; decisions.md "WebSocket order methods"',
  };
}

/** Every method the WebSocket API serves: one line per channel. */
export const STREAM_METHODS: readonly StreamMethod[] = [
  service('ping', 'Keeps the connection alive; answers "pong"', 'websocket spec §2, §6.1'),
  service('time', 'Server time, Unix seconds', 'websocket spec §6.1'),
  service(
    'authorize',
    "Binds the connection to a token's user (token from /api/v4/profile/websocket_token)",
    'websocket spec §5.2; decisions.md "WebSocket authorize"',
  ),
  ...channel('trades', {
    oneShot: 'request',
    oneShotSummary: 'Recent public trades of one market (limit, from a trade id)',
    summary: 'Public trades of markets (all with [])',
    follows: 'websocket spec §6.6; decisions.md "WebSocket trades"',
  }),
  ...channel('candles', {
    oneShot: 'request',
    oneShotSummary: 'Candles of one market from start to end (Unix seconds) at one interval',
    summary: 'Candles (klines) of markets, one interval per market',
    follows: 'websocket spec §6.2; decisions.md "WebSocket candles"',
  }),
  ...channel('lastprice', {
    oneShot: 'request',
    oneShotSummary: 'Last trade price of one market',
    summary: 'Last trade price of markets',
    follows: 'websocket spec §6.3',
  }),
  ...channel('depth', {
    oneShot: 'request',
    oneShotSummary: 'Order book of one market as it is (limit, price interval), without update_id',
    summary: 'Order book snapshot and deltas',
    follows: 'websocket spec §6.7; decisions.md "WebSocket depth"',
  }),
  ...channel('market', {
    oneShot: 'request',
    oneShotSummary: 'Statistics of one market over a period in seconds (24 h by default, up to ten years)',
    summary: 'Rolling statistics (24 h when subscribed)',
    follows: 'websocket spec §6.4',
  }),
  ...channel('marketToday', {
    oneShot: 'query',
    oneShotSummary: 'Statistics of one market since 00:00 UTC',
    summary: 'Statistics of the current UTC day',
    follows: 'websocket spec §6.5',
  }),
  ...channel('bookTicker', {
    summary: 'Best bid and ask of markets (all with [])',
    follows: 'websocket spec §6.8; decisions.md "WebSocket book ticker and statistics"',
  }),
  ...channel('premiumIndex', {
    summary: 'Mark and index price, funding rate of perpetuals',
    follows: 'websocket spec §6.9',
  }),
  ...channel('balanceSpot', ACCOUNT.balanceSpot),
  ...channel('balanceMargin', ACCOUNT.balanceMargin),
  ...channel('ordersPending', ACCOUNT.ordersPending),
  ...channel('ordersExecuted', ACCOUNT.ordersExecuted),
  ...channel('deals', ACCOUNT.deals),
  ...channel('positionsMargin', ACCOUNT.positionsMargin),
  ...channel('positionsAccountMargin', ACCOUNT.positionsAccountMargin),
  ...channel('borrowsMargin', ACCOUNT.borrowsMargin),
  ...channel('borrowsAccountMargin', ACCOUNT.borrowsAccountMargin),
  ...channel('ADLQuantile', {
    private: true,
    summary: "Auto-deleveraging quantiles of the account's perpetual positions",
    follows: 'websocket spec §7.11; decisions.md "WebSocket ADL quantile"',
  }),
  order('order_limit_place', 'Places a spot limit order'),
  order('order_market_place', 'Places a spot market order (a buy spends money)'),
  order('order_market_stock_place', 'Places a spot market order of an amount of stock'),
  order('order_stop_limit_place', 'Places a spot stop-limit order'),
  order('order_stop_market_place', 'Places a spot stop-market order'),
  order('order_bbo_place', "Places a spot limit order at the book's best price (bbo_role)"),
  order('collateral_order_limit_place', 'Places a collateral limit order'),
  order('collateral_order_market_place', 'Places a collateral market order'),
  order('collateral_order_stop_limit_place', 'Places a collateral stop-limit order'),
  order('collateral_order_stop_market_place', 'Places a collateral stop-market order'),
  order('collateral_order_bbo_place', "Places a collateral limit order at the book's best price (bbo_role)"),
  order('collateral_order_oco_place', 'Places an OCO group: a take-profit limit leg and a stop-loss stop-limit leg'),
  order('collateral_order_oto_place', 'Places a collateral order with take-profit and stop-loss legs'),
  order('order_modify', 'Replaces an open spot order by one with a new id and the figures given'),
  order('order_cancel', 'Cancels an order by order_id or client_order_id'),
  order('order_cancel_conditional', 'Cancels an OCO group, or an OTO group and its live legs'),
  order('order_cancel_all', 'Cancels every open order of a market, of the kinds named'),
];
