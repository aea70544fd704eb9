import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { familyOf } from './family.js';
import { registerMetrics, type MetricsOptions } from './plugins/metrics.js';
import { sendUnavailable } from './plugins/error-handling.js';
import { sendError } from './send-error.js';
import type { ClusterPlace } from './routes/health.js';
import { livenessRoute } from './routes/liveness.js';

/** What a standby engine node reports on /health. */
export interface StandbyReport {
  readonly place: ClusterPlace;
  /** Seq of the last committed command its state has applied. */
  readonly seq: number;
  /** Whether it follows the journal (false while the store cannot be read). */
  readonly following: boolean;
}

/**
 * The HTTP face of a standby engine node: `/health` says it stands by, behind whom and how far it
 * has followed (200 while it follows and has NATS, so that monitors tell a standby ready to take over
 * from a broken one);
 * every other request is answered as a venue that cannot write answers, 503 in the API's own body.
 * An admin request (the CLI's, pointed at this node's data dir) is told where to go instead.
 * `/metrics` serves the standby's own figures, under the same rules as a server's; `/health/live`
 * answers as on every process.
 */
export function buildStandbyApp(
  log: FastifyBaseLogger,
  report: () => StandbyReport,
  metrics: MetricsOptions,
): FastifyInstance {
  const app = Fastify({
    loggerInstance: log,
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: false,
    // a request still arriving (headers sent by halves) must not hold the port a new leader waits for
    forceCloseConnections: true,
  });
  registerMetrics(app, metrics);
  app.get('/health', async (_request, reply) => {
    const r = report();
    // cut off from NATS, it could not serve the gateways if it took over: it does not try
    const ready = r.following && r.place.nats && r.place.leaderAnswers !== false;
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'standby' : 'unavailable', seq: r.seq, cluster: r.place });
  });
  livenessRoute(app);
  app.setNotFoundHandler((request, reply) => {
    const leader = report().place.leader;
    reply.header('retry-after', '1');
    if (familyOf(request.url) === 'admin' && leader !== null) {
      return sendError(reply, 'adminOnStandby', { params: { leader: `engine node ${leader}` } });
    }
    return sendUnavailable(reply, request.url);
  });
  return app;
}
