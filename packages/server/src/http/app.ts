import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyHttpOptions,
} from 'fastify';
import type { Server } from 'node:http';
import { answerWithinMs } from '../config/answer-within.js';
import type { Config } from '../config/schema.js';
import { LocalAdmin } from '../admin/local-admin.js';
import { statesDirOf } from '../admin/saved-states.js';
import type { Venue } from '../venue/venue.js';
import { DepositAddresses } from '../wallet/deposit-addresses.js';
import { Wallet } from '../wallet/wallet.js';
import './fastify-types.js';
import { registerAdminAudit } from './plugins/admin-audit.js';
import { registerAdminAuth } from './plugins/admin-auth.js';
import { registerDashboard } from './plugins/dashboard.js';
import { clientErrorHandler } from './plugins/client-errors.js';
import { rateLimitClient } from './client-address.js';
import { configuredRateRules, keyCounter } from './configured-rate-rules.js';
import { frameworkErrors, registerErrorHandling } from './plugins/error-handling.js';
import { acceptEmptyJsonBody, registerJsonBody } from './plugins/json-body.js';
import { registerFaults } from './plugins/faults.js';
import { faultRoutes } from './routes/admin/fault-routes.js';
import { simulatorRoutes } from './routes/admin/simulator-routes.js';
import type { SimulatorSettings } from '../simulator/simulator-settings.js';
import { sandboxFaults } from '../faults/sandbox-faults.js';
import type { FaultBoard } from '../faults/fault-board.js';
import { metricsOptions, registerMetrics } from './plugins/metrics.js';
import { Metrics } from '../metrics/metrics.js';
import { DOCUMENTATION_ONLY_SCHEMAS, registerOpenApi } from './openapi/openapi-plugin.js';
import { registerPrivateAuth } from './plugins/private-auth.js';
import { DEFAULT_MAX_KEYS, RateLimiter } from './rate-limiter.js';
import { sendError } from './send-error.js';
import { throttledAnswer } from './throttled-answer.js';
import { adminRoutes } from './routes/admin/admin-routes.js';
import { healthRoute, type ClusterPlace } from './routes/health.js';
import { livenessRoute } from './routes/liveness.js';
import type { RouteDeps } from './routes/route-deps.js';
import { ROUTES } from './routes/index.js';
import type { Route } from './route-module.js';
import { Candles } from '../market-data/candles.js';
import { MarketData } from '../market-data/market-data.js';
import { streamLogging } from '../ws/stream-logging.js';
import { createStreams } from '../ws/streams.js';
import { registerWebSocket } from '../ws/ws-route.js';
import { sendNotUpgraded } from './not-upgraded.js';

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
  /** The sandbox's fault rules; built from `config` when not given. */
  readonly faults?: FaultBoard;
  /** The market simulator's settings, under --simulate. */
  readonly simulator?: SimulatorSettings;
  /** An engine node of a cluster: its place, as /health shows it. */
  readonly cluster?: () => ClusterPlace;
  /** A cluster's leader: the mark of requests whose signature a gateway checked (private-auth.ts). */
  readonly gatewayMark?: string;
}

export type { Route } from './route-module.js';

/** The route files' registrations (routes/index.ts, generated), in the scope their contract names. */
const PUBLIC_ROUTES: readonly Route[] = ROUTES.filter((r) => r.endpoint.kind === 'public').map((r) => r.register);
const PRIVATE_ROUTES: readonly Route[] = ROUTES.filter((r) => r.endpoint.kind === 'private').map((r) => r.register);

/**
 * How the HTTP server of a venue or a gateway treats connections: limits, timeouts, trusted
 * proxies, and the API's own answers to what fails before any route.
 */
export function serverOptions(config: Config, log: FastifyBaseLogger): FastifyHttpOptions<Server> {
  const trustProxy = config.http.trustProxy ?? [];
  const checkEvery = Math.min(1000, config.http.requestTimeoutMs);
  return {
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
  };
}

/**
 * The HTTP adapter. Three encapsulated scopes: public routes (rate-limited per IP), private routes
 * (per IP, then authenticated and limited per key and group), and the admin API.
 */
export function buildApp(options: AppOptions): FastifyInstance {
  const { venue, config, log } = options;
  const app = Fastify({ ...serverOptions(config, log), schemaController: DOCUMENTATION_ONLY_SCHEMAS });
  const metrics = options.metrics ?? new Metrics();
  registerMetrics(app, metricsOptions(config, metrics, options.adminToken));
  registerJsonBody(app, config.http.json);
  const refusals = metrics.rateLimits;
  const limiter = new RateLimiter(config.rateLimits.maxTrackedClients ?? DEFAULT_MAX_KEYS, (group) =>
    refusals.refused(group),
  );
  app.decorate('rateLimiter', limiter);
  const rules = configuredRateRules(config);
  const perIpRule = rules.perIp;
  /** Counts a request against its client IP's allowance for every endpoint; true when it is spent. */
  const overIpAllowance = (request: FastifyRequest): boolean =>
    !limiter.hit(`${rateLimitClient(request.ip)}|ip`, perIpRule, venue.clock.nowMs());
  // unknown routes count too: a flood of them costs the router as much as any request
  registerErrorHandling(app, { overIpAllowance });
  registerOpenApi(app);
  const faults = options.faults ?? sandboxFaults(venue, config, metrics, log);
  registerFaults(app, faults);

  const wallet = options.wallet ?? Wallet.fromConfig(config);
  const deps: RouteDeps = {
    venue,
    wallet,
    depositAddresses: new DepositAddresses(venue, wallet),
    marketData: options.marketData ?? MarketData.attach(venue),
    candles: options.candles ?? new Candles(venue),
    subAccounts: config.subAccounts,
  };
  const publicRule = rules.public;

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
        const rule = rules.groups[own.group] ?? own;
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
    registerPrivateAuth(scope, {
      venue,
      limiter,
      rules,
      jsonLimits: config.http.json,
      gatewayMark: options.gatewayMark,
    });
    for (const route of [...PRIVATE_ROUTES, ...(options.extraPrivateRoutes ?? [])]) route(scope, deps);
    done();
  });

  // Outside every scope: no rate limit, so that monitors polling it never push clients out.
  healthRoute(app, venue, options.cluster);
  livenessRoute(app);
  registerDashboard(app);

  const streams = createStreams({
    venue,
    marketData: deps.marketData,
    candles: deps.candles,
    idleTimeoutMs: config.websocket.idleTimeoutMs,
    maxBufferedBytes: config.websocket.maxBufferedBytes,
    tradesGatherMs: config.websocket.tradesGatherMs,
    limits: config.websocket,
    connectionsPerClient: config.websocket.connectionsPerIp,
    clientOf: rateLimitClient,
    json: config.http.json,
    observer: metrics.streams,
    faults,
    // the socket's order methods count against their REST endpoint's allowance of the key
    keyAllowance: (apiKey, endpoint) => {
      const { counter, rule } = keyCounter(rules, apiKey, endpoint);
      return limiter.hit(counter, rule, venue.clock.nowMs());
    },
    ...streamLogging(log, config.websocket.maxBufferedBytes),
  });
  app.decorate('streams', streams.hub);
  registerWebSocket(app, {
    hub: streams.hub,
    admit: (request, reply) => {
      const now = venue.clock.nowMs();
      if (
        streams.hub.mayOpen(request.ip) &&
        !overIpAllowance(request) &&
        limiter.hit(`${rateLimitClient(request.ip)}|ws-connect`, rules.wsConnect, now)
      ) {
        return true;
      }
      void sendError(reply, 'publicRateLimited');
      return false;
    },
    notUpgraded: sendNotUpgraded,
  });

  void app.register((scope, _opts, done) => {
    registerAdminAuth(scope, { tokens: [options.adminToken], public: config.adminPublic });
    // JSON only, as the routes document: a text body is a client's mistake (415), not a field problem
    scope.removeContentTypeParser('text/plain');
    acceptEmptyJsonBody(scope, config.http.json);
    registerAdminAudit(scope, venue);
    // a load or reset starts a test afresh: the fault rules of the one before would break it
    const clearFaults = (): void => {
      const cleared = faults.clear();
      if (cleared > 0) log.info({ cleared }, 'the fault rules were cleared with the venue loaded in its place');
    };
    adminRoutes(scope, new LocalAdmin(venue, statesDirOf(config), clearFaults));
    simulatorRoutes(scope, venue, options.simulator);
    faultRoutes(scope, faults, () => ({
      markets: new Set(venue.state.markets.keys()),
      channels: new Set(streams.hub.channelNames()),
      maxLatencyMs: answerWithinMs(config),
    }));
    done();
  });

  return app;
}
