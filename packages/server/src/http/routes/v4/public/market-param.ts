import type { MarketSpec, State } from '@txc/core';
import type { FastifyReply } from 'fastify';
import { sendError } from '../../../send-error.js';

/** The market named in a public path, or the reference's 422 answer (in the public family) when it is not open. */
export function publicMarket(state: State, name: string, reply: FastifyReply): MarketSpec | undefined {
  const spec = state.markets.get(name);
  if (spec === undefined || !spec.tradesEnabled) {
    sendError(reply, 'publicValidation', { params: { detail: 'Market is not available.' } });
    return undefined;
  }
  return spec;
}
