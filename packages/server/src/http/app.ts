import { RATE_LIMITS, type RateLimitRule } from '@txc/sdk';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from '../config/schema.js';
import { LocalAdmin } from '../admin/local-admin.js';
import type { Venue } from '../venue/venue.js';
import { DepositAddresses } from '../wallet/deposit-addresses.js';
import { Wallet } from '../wallet/wallet.js';
import './fastify-types.js';
import { registerAdminAudit } from './plugins/admin-audit.js';
import { registerAdminAuth } from './plugins/admin-auth.js';
import { clientErrorHandler } from './plugins/client-errors.js';
import { rateLimitClient } from './client-address.js';
import { frameworkErrors, registerErrorHandling } from './plugins/error-handling.js';
import { registerJsonBody } from './plugins/json-body.js';
import { registerMetrics } from './plugins/metrics.js';
import { Metrics } from '../metrics/metrics.js';
import { DOCUMENTATION_ONLY_SCHEMAS, registerOpenApi } from './openapi/openapi-plugin.js';
import { registerPrivateAuth } from './plugins/private-auth.js';
import { DEFAULT_MAX_KEYS, RateLimiter } from './rate-limiter.js';
import { sendError } from './send-error.js';
import { throttledAnswer } from './throttled-answer.js';
import { adminRoutes } from './routes/admin/admin-routes.js';
import { healthRoute } from './routes/health.js';
import type { RouteDeps } from './routes/route-deps.js';
import { Candles } from '../market-data/candles.js';
import { MarketData } from '../market-data/market-data.js';
import { mainAccountBalanceRoute } from './routes/v4/private/main-account/balance.js';
import { mainAccountFeeRoute } from './routes/v4/private/main-account/fee.js';
import { mainAccountCodesRoute } from './routes/v4/private/main-account/codes.js';
import { mainAccountCodesApplyRoute } from './routes/v4/private/main-account/codes-apply.js';
import { mainAccountCodesMyRoute } from './routes/v4/private/main-account/codes-my.js';
import { mainAccountCodesHistoryRoute } from './routes/v4/private/main-account/codes-history.js';
import { mainAccountTransferRoute } from './routes/v4/private/main-account/transfer.js';
import { activeOrdersRoute } from './routes/v4/private/order/active-orders.js';
import { orderCancelAllRoute } from './routes/v4/private/order/cancel-all.js';
import { orderCancelRoute } from './routes/v4/private/order/cancel.js';
import { orderMarketRoute } from './routes/v4/private/order/market.js';
import { orderModifyRoute } from './routes/v4/private/order/modify.js';
import { orderBulkRoute } from './routes/v4/private/order/bulk.js';
import { orderCancelBulkRoute } from './routes/v4/private/order/cancel-bulk.js';
import { orderKillSwitchRoute } from './routes/v4/private/order/kill-switch.js';
import { orderKillSwitchStatusRoute } from './routes/v4/private/order/kill-switch-status.js';
import { orderNewRoute } from './routes/v4/private/order/new.js';
import { orderStockMarketRoute } from './routes/v4/private/order/stock-market.js';
import { orderStopLimitRoute } from './routes/v4/private/order/stop-limit.js';
import { orderStopMarketRoute } from './routes/v4/private/order/stop-market.js';
import { tradeBalanceRoute } from './routes/v4/private/trade-account/balance.js';
import { collateralLimitRoute } from './routes/v4/private/order/collateral-limit.js';
import { collateralMarketRoute } from './routes/v4/private/order/collateral-market.js';
import { collateralStopLimitRoute } from './routes/v4/private/order/collateral-stop-limit.js';
import { collateralTriggerMarketRoute } from './routes/v4/private/order/collateral-trigger-market.js';
import { orderOtoCancelRoute } from './routes/v4/private/order/oto-cancel.js';
import { collateralBalanceRoute } from './routes/v4/private/collateral-account/balance.js';
import { collateralBalanceSummaryRoute } from './routes/v4/private/collateral-account/balance-summary.js';
import { collateralHedgeModeRoute } from './routes/v4/private/collateral-account/hedge-mode.js';
import { collateralHedgeModeUpdateRoute } from './routes/v4/private/collateral-account/hedge-mode-update.js';
import { collateralLeverageRoute } from './routes/v4/private/collateral-account/leverage.js';
import { collateralPositionsHistoryRoute } from './routes/v4/private/collateral-account/positions-history.js';
import { collateralPositionsOpenRoute } from './routes/v4/private/collateral-account/positions-open.js';
import { collateralSummaryRoute } from './routes/v4/private/collateral-account/summary.js';
import { executedHistoryRoute } from './routes/v4/private/trade-account/executed-history.js';
import { orderDealsRoute } from './routes/v4/private/trade-account/order-deals.js';
import { marketFeeRoute } from './routes/v4/private/market/fee.js';
import { marketFeeSingleRoute } from './routes/v4/private/market/fee-single.js';
import { orderHistoryRoute } from './routes/v4/private/trade-account/order-history.js';
import { collateralMarketsRoute } from './routes/v4/public/collateral-markets.js';
import { futuresRoute } from './routes/v4/public/futures.js';
import { fundingHistoryRoute } from './routes/v4/public/funding-history.js';
import { collateralFundingHistoryRoute } from './routes/v4/private/collateral-account/funding-history.js';
import { marketsRoute } from './routes/v4/public/markets.js';
import { orderbookDepthRoute } from './routes/v4/public/orderbook-depth.js';
import { orderbookRoute } from './routes/v4/public/orderbook.js';
import { mainAccountAddressRoute } from './routes/v4/private/main-account/address.js';
import { miningAccountsRoute } from './routes/v4/private/mining/accounts.js';
import { miningCreateAccountRoute } from './routes/v4/private/mining/create-account.js';
import { miningEditPayoutDestinationRoute } from './routes/v4/private/mining/edit-payout-destination.js';
import { miningPayoutDestinationRoute } from './routes/v4/private/mining/payout-destination.js';
import { miningRewardsRoute } from './routes/v4/private/mining/rewards.js';
import { mainAccountCreateNewAddressRoute } from './routes/v4/private/main-account/create-new-address.js';
import { mainAccountHistoryRoute } from './routes/v4/private/main-account/history.js';
import { mainAccountWithdrawPayRoute } from './routes/v4/private/main-account/withdraw-pay.js';
import { mainAccountWithdrawRoute } from './routes/v4/private/main-account/withdraw.js';
import { assetsRoute } from './routes/v4/public/assets.js';
import { feeRoute } from './routes/v4/public/fee.js';
import { pingRoute } from './routes/v4/public/ping.js';
import { platformStatusRoute } from './routes/v4/public/platform-status.js';
import { tickerRoute } from './routes/v4/public/ticker.js';
import { timeRoute } from './routes/v4/public/time.js';
import { tradesRoute } from './routes/v4/public/trades.js';
import { klineRoute } from './routes/v1/public/kline.js';
import { tickerV1Route } from './routes/v1/public/ticker.js';
import { marketsV1Route } from './routes/v1/public/markets.js';
import { tickersV1Route } from './routes/v1/public/tickers.js';
import { symbolsV1Route } from './routes/v1/public/symbols.js';
import { depthV1Route } from './routes/v1/public/depth.js';
import { historyV1Route } from './routes/v1/public/history.js';
import { marketsV2Route } from './routes/v2/public/markets.js';
import { tickerV2Route } from './routes/v2/public/ticker.js';
import { depthV2Route } from './routes/v2/public/depth.js';
import { tradesV2Route } from './routes/v2/public/trades.js';
import { feeV2Route } from './routes/v2/public/fee.js';
import { assetsV2Route } from './routes/v2/public/assets.js';
import { websocketTokenRoute } from './routes/v4/private/profile/websocket-token.js';
import { createStreams } from '../ws/streams.js';
import { registerWebSocket } from '../ws/ws-route.js';

export interface AppOptions {
  readonly venue: Venue;
  /** Loaded from the store by the caller; a fresh one follows new trades only. */
  readonly marketData?: MarketData;
  /** Built on `venue` when not given. */
  readonly candles?: Candles;
  readonly config: Config;
  readonly log: FastifyBaseLogger;
  readonly adminToken: string;
  /** Routes added to the private scope beyond the API's own (benchmarks measure auth alone this way). */
  readonly extraPrivateRoutes?: readonly Route[];
  /** Built from `config` when not given. */
  readonly wallet?: Wallet;
  /** What `/metrics` serves; the server's own is passed in by whoever also gives it to the venue. */
  readonly metrics?: Metrics;
}

export type Route = (app: FastifyInstance, deps: RouteDeps) => void;

const PUBLIC_ROUTES: readonly Route[] = [
  pingRoute,
  timeRoute,
  platformStatusRoute,
  marketsRoute,
  tickerRoute,
  orderbookRoute,
  orderbookDepthRoute,
  tradesRoute,
  collateralMarketsRoute,
  futuresRoute,
  fundingHistoryRoute,
  assetsRoute,
  feeRoute,
  tickerV1Route,
  klineRoute,
  marketsV1Route,
  tickersV1Route,
  symbolsV1Route,
  depthV1Route,
  historyV1Route,
  marketsV2Route,
  tickerV2Route,
  depthV2Route,
  tradesV2Route,
  feeV2Route,
  assetsV2Route,
];
const PRIVATE_ROUTES: readonly Route[] = [
  mainAccountBalanceRoute,
  mainAccountTransferRoute,
  mainAccountAddressRoute,
  mainAccountCreateNewAddressRoute,
  mainAccountWithdrawRoute,
  mainAccountWithdrawPayRoute,
  mainAccountHistoryRoute,
  mainAccountFeeRoute,
  mainAccountCodesRoute,
  mainAccountCodesApplyRoute,
  mainAccountCodesMyRoute,
  mainAccountCodesHistoryRoute,
  orderNewRoute,
  orderMarketRoute,
  orderStockMarketRoute,
  orderStopLimitRoute,
  orderStopMarketRoute,
  orderCancelRoute,
  orderCancelAllRoute,
  orderModifyRoute,
  orderBulkRoute,
  orderCancelBulkRoute,
  orderKillSwitchRoute,
  orderKillSwitchStatusRoute,
  activeOrdersRoute,
  tradeBalanceRoute,
  orderHistoryRoute,
  executedHistoryRoute,
  orderDealsRoute,
  marketFeeRoute,
  marketFeeSingleRoute,
  collateralLimitRoute,
  collateralMarketRoute,
  collateralTriggerMarketRoute,
  collateralStopLimitRoute,
  orderOtoCancelRoute,
  collateralSummaryRoute,
  collateralBalanceRoute,
  collateralBalanceSummaryRoute,
  collateralPositionsOpenRoute,
  collateralPositionsHistoryRoute,
  collateralLeverageRoute,
  collateralHedgeModeRoute,
  collateralHedgeModeUpdateRoute,
  collateralFundingHistoryRoute,
  miningCreateAccountRoute,
  miningAccountsRoute,
  miningPayoutDestinationRoute,
  miningEditPayoutDestinationRoute,
  miningRewardsRoute,
  websocketTokenRoute,
];

/** Every request from one IP, before any authentication work (reference §3.1 default). */
const DEFAULT_PER_IP: RateLimitRule = { group: 'ip', limit: 10_000, windowMs: 10_000 };

/**
 * The HTTP adapter. Three encapsulated scopes: public routes (rate-limited per IP), private routes
 * (per IP, then authenticated and limited per key and group), and the admin API.
 */
export function buildApp(options: AppOptions): FastifyInstance {
  const { venue, config, log } = options;
  const trustProxy = config.http.trustProxy ?? [];
  const checkEvery = Math.min(1000, config.http.requestTimeoutMs);
  const app = Fastify({
    loggerInstance: log,
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: config.http.bodyLimit,
    requestTimeout: config.http.requestTimeoutMs,
    // An idle socket closes without a word: later than the request timeout and its next check, so
    // that a request whose body stops arriving is answered 408 rather than dropped.
    connectionTimeout: config.http.requestTimeoutMs + 2 * checkEvery,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      maxHeaderSize: config.http.maxHeaderSize ?? 16_384,
      // Headers trickled in byte by byte must not hold a connection longer than a whole request may.
      headersTimeout: config.http.requestTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      // Node checks those deadlines every 30 s by default: a slow client would get up to 30 s more.
      connectionsCheckingInterval: checkEvery,
    },
    trustProxy: trustProxy.length === 0 ? false : trustProxy,
    clientErrorHandler,
    frameworkErrors,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    schemaController: DOCUMENTATION_ONLY_SCHEMAS,
  });
  const metrics = options.metrics ?? new Metrics();
  registerMetrics(app, {
    metrics,
    adminToken: options.adminToken,
    metricsToken: config.metricsToken,
    public: config.adminPublic,
  });
  registerJsonBody(app, config.http.json);
  const limiter = new RateLimiter(config.rateLimits.maxTrackedClients ?? DEFAULT_MAX_KEYS, (group) =>
    metrics.rateLimitRefused(group),
  );
  app.decorate('rateLimiter', limiter);
  const perIpRule: RateLimitRule = config.rateLimits.perIp
    ? { group: 'ip', ...config.rateLimits.perIp }
    : DEFAULT_PER_IP;
  /** Counts a request against its client IP's allowance for every endpoint; true when it is spent. */
  const overIpAllowance = (request: FastifyRequest): boolean =>
    !limiter.hit(`${rateLimitClient(request.ip)}|ip`, perIpRule, venue.clock.nowMs());
  // unknown routes count too: a flood of them costs the router as much as any request
  registerErrorHandling(app, { overIpAllowance });
  registerOpenApi(app);

  const wallet = options.wallet ?? Wallet.fromConfig(config);
  const deps: RouteDeps = {
    venue,
    wallet,
    depositAddresses: new DepositAddresses(venue, wallet),
    marketData: options.marketData ?? MarketData.attach(venue),
    candles: options.candles ?? new Candles(venue),
  };
  const publicRule: RateLimitRule = config.rateLimits.public
    ? { group: 'public', ...config.rateLimits.public }
    : RATE_LIMITS.public;
  const groupLimits: Record<string, RateLimitRule> = {};
  for (const [group, rule] of Object.entries(config.rateLimits.groups)) groupLimits[group] = { group, ...rule };

  void app.register((scope, _opts, done) => {
    scope.addHook('onRequest', (request, reply, next) => {
      // the IP's allowance for every endpoint first, shared with its private requests
      if (overIpAllowance(request)) return sendError(reply, 'publicRateLimited');
      const client = rateLimitClient(request.ip);
      const now = venue.clock.nowMs();
      if (!limiter.hit(`${client}|public`, publicRule, now)) return sendError(reply, 'publicRateLimited');
      // Endpoints with a tighter limit of their own (the order book) count it as well.
      const own = request.routeOptions.config.endpoint?.rateLimit;
      if (own !== undefined && own.group !== publicRule.group) {
        const rule = groupLimits[own.group] ?? own;
        if (!limiter.hit(`${client}|${rule.group}`, rule, now)) return sendError(reply, 'publicRateLimited');
      }
      next();
    });
    for (const route of PUBLIC_ROUTES) route(scope, deps);
    done();
  });

  void app.register((scope, _opts, done) => {
    scope.addHook('onRequest', (request, reply, next) => {
      if (overIpAllowance(request)) {
        return sendError(reply, throttledAnswer(request.routeOptions.config.endpoint?.path ?? ''));
      }
      next();
    });
    registerPrivateAuth(scope, { venue, limiter, groupLimits, jsonLimits: config.http.json });
    for (const route of [...PRIVATE_ROUTES, ...(options.extraPrivateRoutes ?? [])]) route(scope, deps);
    done();
  });

  // Outside every scope: no rate limit, so that monitors polling it never push clients out.
  healthRoute(app, venue);

  const streams = createStreams({
    venue,
    marketData: deps.marketData,
    candles: deps.candles,
    idleTimeoutMs: config.websocket.idleTimeoutMs,
    maxBufferedBytes: config.websocket.maxBufferedBytes,
    limits: config.websocket,
    observer: metrics.streams,
    log: (err, context) => log.error({ err, context }, 'WebSocket request failed'),
  });
  app.decorate('streams', streams.hub);
  const connectRule: RateLimitRule = {
    group: 'ws-connect',
    limit: config.websocket.connectionsPerMinute,
    windowMs: 60_000,
  };
  registerWebSocket(app, {
    hub: streams.hub,
    admit: (request, reply) => {
      const now = venue.clock.nowMs();
      if (!overIpAllowance(request) && limiter.hit(`${rateLimitClient(request.ip)}|ws-connect`, connectRule, now)) {
        return true;
      }
      void sendError(reply, 'publicRateLimited');
      return false;
    },
    notUpgraded: (reply) =>
      sendError(reply, 'publicBadRequest', {
        params: { detail: 'Connect with a WebSocket client (Upgrade: websocket).' },
      }),
  });

  void app.register((scope, _opts, done) => {
    registerAdminAuth(scope, { tokens: [options.adminToken], public: config.adminPublic });
    // JSON only, as the routes document: a text body is a client's mistake (415), not a field problem
    scope.removeContentTypeParser('text/plain');
    registerAdminAudit(scope, venue);
    adminRoutes(scope, new LocalAdmin(venue));
    done();
  });

  return app;
}
