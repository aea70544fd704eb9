import { time } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.js';

export function timeRoute(app: FastifyInstance, { venue }: RouteDeps): void {
  app.get(time.path, { config: { endpoint: time } }, (_request, reply) =>
    reply.send({ time: Math.floor(venue.clock.nowMs() / 1000) }),
  );
}
