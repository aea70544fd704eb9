import { ping } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../../route-module.js';

export const pingRoute = defineRoute(ping, (app: FastifyInstance) => {
  const pong = ['pong'];
  app.get(ping.path, { config: { endpoint: ping } }, (_request, reply) => reply.send(pong));
});
