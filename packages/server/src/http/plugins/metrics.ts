import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Config } from '../../config/schema.js';
import type { HttpMetrics, RouteRequests } from '../../metrics/metrics.js';
import { registerAdminAuth } from './admin-auth.js';

export interface MetricsOptions {
  readonly metrics: HttpMetrics;
  readonly adminToken: string;
  /** A bearer token good for /metrics alone (a scraper need not hold the admin token). */
  readonly metricsToken?: string | undefined;
  /** Serve non-loopback clients too (`--admin-public`). */
  readonly public: boolean;
}

/** How a process of `config` serves `metrics`: to whom, with which tokens. */
export function metricsOptions(
  config: Pick<Config, 'metricsToken' | 'adminPublic'>,
  metrics: HttpMetrics,
  adminToken: string,
): MetricsOptions {
  return { metrics, adminToken, metricsToken: config.metricsToken, public: config.adminPublic };
}

/**
 * Counts every request (by route pattern, method and status, with its latency) and serves
 * `GET /metrics` under the admin API's rules: clients on this machine unless `--admin-public`, with
 * the admin token or the metrics token. Registered before every route.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { metrics } = options;
  // one entry per route, looked up by its config object: no label text is built per request
  const byRoute = new WeakMap<FastifyContextConfig, RouteRequests>();
  const unmatched = metrics.route('unmatched');
  app.addHook('onResponse', (request, reply, done) => {
    let series: RouteRequests;
    if (request.is404) series = unmatched;
    else {
      const { config, url } = request.routeOptions;
      let known = byRoute.get(config);
      if (known === undefined) {
        known = metrics.route(url ?? 'unmatched');
        byRoute.set(config, known);
      }
      series = known;
    }
    series.observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  void app.register((scope, _opts, done) => {
    const tokens = [options.adminToken, ...(options.metricsToken === undefined ? [] : [options.metricsToken])];
    registerAdminAuth(scope, { tokens, public: options.public });
    scope.get('/metrics', async (_request, reply) =>
      reply
        .type(metrics.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.render()),
    );
    done();
  });
}
