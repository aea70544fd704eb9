import type { FastifyInstance } from 'fastify';
import { NO_FAULT, type FaultBoard } from '../../faults/fault-board.js';
import { sendError } from '../send-error.js';
import { throttledAnswer } from '../throttled-answer.js';

/**
 * What the exchange's gateway answers while the API is down for maintenance (reference §2.1: HTTP
 * 503, not JSON): clients that map statuses (ccxt: ExchangeNotAvailable) treat it as retryable.
 */
const GATEWAY_UNAVAILABLE =
  '<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n' +
  '<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n</body>\r\n</html>\r\n';

/**
 * A sandbox's latency and error rules on the API's routes: a request of a ruled group waits, then
 * may be refused before anything else runs (no rate limit counted, no nonce used, nothing applied),
 * so that a client's retry is safe. A 503 is the gateway's maintenance page; a 429 the API's own
 * rate-limit answer for the endpoint's family.
 */
export function registerFaults(app: FastifyInstance, board: FaultBoard): void {
  // a callback hook: a request no rule touches costs one call, no promise
  app.addHook('onRequest', (request, reply, done) => {
    const endpoint = request.routeOptions.config.endpoint;
    const fault = endpoint === undefined ? NO_FAULT : board.forRequest(endpoint.rateLimit.group, endpoint.path);
    if (endpoint === undefined || fault === NO_FAULT) return done();
    const answer = (): void => {
      if (fault.refuse === undefined) return done();
      if (fault.refuse === 503) return void reply.code(503).type('text/html').send(GATEWAY_UNAVAILABLE);
      void sendError(reply, endpoint.kind === 'private' ? throttledAnswer(endpoint.path) : 'publicRateLimited');
    };
    if (fault.delayMs > 0) setTimeout(answer, fault.delayMs);
    else answer();
  });
}
