import type { Endpoint } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './routes/route-deps.js';

/** Registers a route's handler (and anything it shares, such as a cache) on a Fastify scope. */
export type Route = (app: FastifyInstance, deps: RouteDeps) => void;

/**
 * A route file's one export: the handler of one SDK contract. The contract says which scope it
 * joins (public or private); `routes/index.ts` collects every route file's registration.
 */
export interface RouteModule {
  readonly endpoint: Endpoint;
  readonly register: Route;
}

export function defineRoute(endpoint: Endpoint, register: Route): RouteModule {
  return { endpoint, register };
}
