import { time } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

export const timeRoute = defineRoute(time, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.get(time.path, { config: { endpoint: time } }, (_request, reply) =>
    reply.send({ time: Math.floor(venue.clock.nowMs() / 1000) }),
  );
});
