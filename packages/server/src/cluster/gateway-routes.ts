import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/schema.js';
import type { ConfiguredRateRules } from '../http/configured-rate-rules.js';
import { registerJsonBody } from '../http/plugins/json-body.js';
import type { RouteModule } from '../http/route-module.js';
import type { ViewRouteDeps } from '../http/routes/route-deps.js';
import { collateralPositionsHistoryRoute } from '../http/routes/v4/private/collateral-account/positions-history.js';
import { mainAccountHistoryRoute } from '../http/routes/v4/private/main-account/history.js';
import { orderCancelAllRoute } from '../http/routes/v4/private/order/cancel-all.js';
import { orderCancelRoute } from '../http/routes/v4/private/order/cancel.js';
import { collateralLimitRoute } from '../http/routes/v4/private/order/collateral-limit.js';
import { collateralMarketRoute } from '../http/routes/v4/private/order/collateral-market.js';
import { collateralOcoRoute } from '../http/routes/v4/private/order/collateral-oco.js';
import { collateralStopLimitRoute } from '../http/routes/v4/private/order/collateral-stop-limit.js';
import { collateralTriggerMarketRoute } from '../http/routes/v4/private/order/collateral-trigger-market.js';
import { orderConditionalCancelRoute } from '../http/routes/v4/private/order/conditional-cancel.js';
import { orderMarketRoute } from '../http/routes/v4/private/order/market.js';
import { orderModifyRoute } from '../http/routes/v4/private/order/modify.js';
import { orderNewRoute } from '../http/routes/v4/private/order/new.js';
import { orderOcoCancelRoute } from '../http/routes/v4/private/order/oco-cancel.js';
import { orderOtoCancelRoute } from '../http/routes/v4/private/order/oto-cancel.js';
import { orderStockMarketRoute } from '../http/routes/v4/private/order/stock-market.js';
import { orderStopLimitRoute } from '../http/routes/v4/private/order/stop-limit.js';
import { orderStopMarketRoute } from '../http/routes/v4/private/order/stop-market.js';
import { executedHistoryRoute } from '../http/routes/v4/private/trade-account/executed-history.js';
import { orderDealsRoute } from '../http/routes/v4/private/trade-account/order-deals.js';
import { orderHistoryRoute } from '../http/routes/v4/private/trade-account/order-history.js';
import { sendError } from '../http/send-error.js';
import type { RemoteAdmission } from './admission.js';
import type { FollowedVenue } from './followed-venue.js';
import { overIpAllowance, overKeyAllowance, type Allows } from './gateway-allowances.js';
import { registerGatewayAuth } from './gateway-auth.js';
import type { GatewayKeys } from './gateway-keys.js';
import { leaderWait } from './leader-request.js';
import { answerWithin } from './request-deadline.js';
import type { SharedLimits } from './shared-limits.js';

/**
 * The private routes a gateway serves itself, on its copy of the venue: order entry, whose command
 * alone goes to the leader, and the history reads, from PostgreSQL's projections. Every other request
 * (balances, open orders and positions, which read the leader's state; public data; the admin API)
 * is forwarded to the leader as it came.
 */
export const SERVED_BY_GATEWAYS: readonly RouteModule<ViewRouteDeps>[] = [
  orderNewRoute,
  orderMarketRoute,
  orderStockMarketRoute,
  orderStopLimitRoute,
  orderStopMarketRoute,
  collateralLimitRoute,
  collateralMarketRoute,
  collateralStopLimitRoute,
  collateralTriggerMarketRoute,
  collateralOcoRoute,
  orderModifyRoute,
  orderCancelRoute,
  orderCancelAllRoute,
  orderOcoCancelRoute,
  orderOtoCancelRoute,
  orderConditionalCancelRoute,
  orderHistoryRoute,
  orderDealsRoute,
  executedHistoryRoute,
  mainAccountHistoryRoute,
  collateralPositionsHistoryRoute,
];

export interface GatewayRoutesParts {
  readonly config: Config;
  readonly venue: FollowedVenue;
  readonly keys: GatewayKeys;
  readonly admission: RemoteAdmission;
  readonly limits: SharedLimits | undefined;
  /** A client IP's count: in Redis with `limits`, this gateway's own without. */
  readonly perClient: Allows;
  readonly rules: ConfiguredRateRules;
}

/** Registers SERVED_BY_GATEWAYS in a scope of their own: JSON bodies as the venue parses them, the gateway's authentication. */
export function serveRoutesHere(app: FastifyInstance, parts: GatewayRoutesParts): void {
  const { config, venue, keys, admission, limits, perClient, rules } = parts;
  void app.register((scope, _opts, done) => {
    // the venue's parsers, not the forwarding's raw bytes: a type it does not take is refused (415)
    scope.removeAllContentTypeParsers();
    registerJsonBody(scope, config.http.json);
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, next) => next(null, body));
    answerWithin(scope, leaderWait(config).timeoutMs);
    scope.addHook('onRequest', async (request, reply) => {
      const spent = await overIpAllowance(request, perClient, rules);
      if (spent !== undefined) return sendError(reply, spent);
    });
    registerGatewayAuth(scope, {
      keys,
      state: () => venue.state,
      admission,
      caughtUp: (seq) => venue.caughtUp(seq),
      jsonLimits: config.http.json,
      keyAllowance: limits === undefined ? undefined : (request) => overKeyAllowance(request, limits, rules),
    });
    for (const route of SERVED_BY_GATEWAYS) route.register(scope, { venue });
    done();
  });
}
