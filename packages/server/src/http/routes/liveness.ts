import type { FastifyInstance } from 'fastify';

/**
 * `GET /health/live`, for liveness probes: 200 for as long as the process's event loop answers,
 * whatever its role and whatever it waits for. `/health` says whether it is ready (it answers 503
 * while the store or NATS is out of reach); a probe that restarted the process on that would restart
 * every process of a cluster when NATS restarts, and gain nothing: each waits for it by itself.
 */
export function livenessRoute(app: FastifyInstance): void {
  app.get('/health/live', (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'live', uptimeSeconds: Math.floor(process.uptime()) }),
  );
}
