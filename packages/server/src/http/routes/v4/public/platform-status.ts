import { platformStatus } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

const OPERATIONAL = { status: 'system operational' } as const;
const MAINTENANCE = { status: 'system maintenance' } as const;

/** Maintenance while the venue cannot take writes: private requests are refused then (code 0, 503). */
export const platformStatusRoute = defineRoute(platformStatus, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.get(platformStatus.path, { config: { endpoint: platformStatus } }, (_request, reply) =>
    reply.send(venue.writable ? OPERATIONAL : MAINTENANCE),
  );
});
