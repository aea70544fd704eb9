import type { Endpoint } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './routes/route-deps.js';

/**
 * Registers a route's handler (and anything it shares, such as a cache) on a Fastify scope. A route
 * that needs less than every dependency says so in `D`: a gateway can serve it too.
 */
export type Route<D = RouteDeps> = (app: FastifyInstance, deps: D) => void;

/**
 * A route file's one export: the handler of one SDK contract. The contract says which scope it
 * joins (public or private); `routes/index.ts` collects every route file's registration.
 */
export interface RouteModule<D = RouteDeps> {
  readonly endpoint: Endpoint;
  readonly register: Route<D>;
}

export function defineRoute<D = RouteDeps>(endpoint: Endpoint, register: Route<D>): RouteModule<D> {
  return { endpoint, register };
}
