import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unavailableWithin } from '../venue/sequencer/unavailable.js';

/**
 * When the request being served must be answered (performance.now()). A gateway's order waits in
 * turn for its admission, its copy of the venue to catch up, the command and its result, far from
 * the route and each bounded on its own: without one end for them all, their sum outlasts the
 * client's connection, which then ends unanswered instead of with the API's 503.
 */
const requestEnds = new AsyncLocalStorage<number>();

/**
 * Every request `scope` serves is answered within `ms` of its arrival: each of its waits ends by
 * then (waitEndsAt). The end is entered once the body has been read, for the reading runs outside
 * the request's own asynchronous context; what follows (the hooks, the handler) runs inside it.
 */
export function answerWithin(scope: FastifyInstance, ms: number): void {
  const ends = new WeakMap<FastifyRequest, number>();
  scope.addHook('onRequest', (request, _reply, done) => {
    ends.set(request, performance.now() + ms);
    done();
  });
  scope.addHook('preValidation', (request, _reply, done) => {
    const end = ends.get(request);
    if (end === undefined) return done();
    requestEnds.run(end, done);
  });
}

/** Runs `handle`, the handling of one request (a socket's), whose waits all end within `ms` from now. */
export function handledWithin<T>(ms: number, handle: () => T): T {
  return requestEnds.run(performance.now() + ms, handle);
}

/** When a wait of `ms` from now ends: sooner when the request it serves must be answered sooner. */
export function waitEndsAt(ms: number): number {
  const end = performance.now() + ms;
  return Math.min(end, requestEnds.getStore() ?? end);
}

/**
 * `promise`, or a StoreUnavailableError (503) once `ms` have passed or the request it serves is due:
 * a gateway that cannot read PostgreSQL answers in time rather than not at all.
 */
export function unavailableAfter<T>(promise: Promise<T>, ms = Number.POSITIVE_INFINITY): Promise<T> {
  return unavailableWithin(promise, waitEndsAt(ms) - performance.now());
}
