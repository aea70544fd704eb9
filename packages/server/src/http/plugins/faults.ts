import { setTimeout as sleep } from 'node:timers/promises';
import type { ErrorName } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { FaultBoard } from '../../faults/fault-board.js';
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
  app.addHook('onRequest', async (request, reply) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (endpoint === undefined) return;
    const fault = board.forRequest(endpoint.rateLimit.group, endpoint.path);
    if (fault.delayMs > 0) await sleep(fault.delayMs);
    if (fault.refuse === undefined) return;
    if (fault.refuse === 503) return reply.code(503).type('text/html').send(GATEWAY_UNAVAILABLE);
    const name: ErrorName = endpoint.kind === 'private' ? throttledAnswer(endpoint.path) : 'publicRateLimited';
    return sendError(reply, name);
  });
}
