import { collateralSummary } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { readTime, summaryBody } from '../../../../../account-views/collateral-views.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

const ALLOWED = new Set(['request', 'nonce', 'nonceWindow']);

/** Spec §4.5, §2.3: the body takes `request`, `nonce` and `nonceWindow` and nothing else (code 30). */
export const collateralSummaryRoute = defineRoute(collateralSummary, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(collateralSummary.path, { config: { endpoint: collateralSummary } }, async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    for (const field of Object.keys(body)) {
      if (!ALLOWED.has(field)) errors[field] = [`The ${field} field is not allowed.`];
    }
    if (Object.keys(errors).length > 0) return sendError(reply, 'orderValidation', { errors });
    const state = venue.state;
    const answer = summaryBody(state, request.auth?.user ?? '', readTime(state, venue.clock.nowMicros()));
    await venue.barrier();
    return reply.send(answer);
  });
});
