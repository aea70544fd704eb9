import { ping } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';

export function pingRoute(app: FastifyInstance): void {
  const pong = ['pong'];
  app.get(ping.path, { config: { endpoint: ping } }, (_request, reply) => reply.send(pong));
}
