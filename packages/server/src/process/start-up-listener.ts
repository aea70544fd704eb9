import Fastify from 'fastify';
import { livenessRoute } from '../http/routes/liveness.js';
import { sendUnavailable } from '../http/plugins/error-handling.js';
import { ListenError } from './listen-error.js';

/** The port a cluster process answers on before it serves, given back for its own listener. */
export interface StartUpListener {
  close(): Promise<void>;
}

/**
 * What a cluster process answers on its port while it waits to start (an engine node or a gateway
 * for NATS; a gateway also for the cluster's first engine node, and while it loads its copy of the
 * venue): alive on `/health/live`, whatever it waits for, so that a liveness probe does not restart
 * it for waiting; not ready on `/health`, which says what it waits for; 503 to everything else, in
 * the error body of the route's family. On port 0 nothing listens: no probe could know the port,
 * and the process's own listener takes another.
 */
export async function listenWhileStarting(
  host: string,
  port: number,
  waitingFor: () => string,
): Promise<StartUpListener> {
  if (port === 0) return { close: () => Promise.resolve() };
  const app = Fastify({ logger: false });
  livenessRoute(app);
  app.get('/health', (_request, reply) =>
    reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable', starting: waitingFor() }),
  );
  // in the body of the route's own family, as the process will answer once it serves
  app.setNotFoundHandler((request, reply) => sendUnavailable(reply, request.url));
  await app.listen({ host, port }).catch((e: unknown) => {
    throw new ListenError(host, port, e);
  });
  return { close: () => app.close() };
}
