import { formatUnits } from '@txc/core';
import { tradeBalance } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import type { RouteDeps } from '../../../route-deps.js';

/**
 * Reference §5.2: the spot account's non-zero balances by ticker (`available`, and `freeze` held by
 * open orders), or, with `ticker`, that asset's balance unwrapped (zeros included).
 */
export function tradeBalanceRoute(app: FastifyInstance, { venue }: RouteDeps): void {
  app.post(tradeBalance.path, { config: { endpoint: tradeBalance } }, async (request, reply) => {
    const ticker = (request.body as Record<string, unknown>).ticker;
    const state = venue.state;
    if (ticker !== undefined && ticker !== null) {
      if (typeof ticker !== 'string') {
        return sendError(reply, 'orderValidation', { errors: { ticker: ['Ticker field should be a string.'] } });
      }
      if (!state.assets.has(ticker)) {
        return sendError(reply, 'orderValidation', { errors: { ticker: ['Currency was not found.'] } });
      }
    }
    const user = state.users.get(request.auth?.user ?? '');
    const entry = (t: string): { available: string; freeze: string } => {
      const precision = state.assets.get(t)?.precision ?? 0;
      const b = user?.spot.get(t);
      return { available: formatUnits(b?.available ?? 0n, precision), freeze: formatUnits(b?.freeze ?? 0n, precision) };
    };
    let body: unknown;
    if (typeof ticker === 'string') body = entry(ticker);
    else {
      const all: Record<string, { available: string; freeze: string }> = {};
      for (const [t, b] of [...(user?.spot ?? [])].sort(([a], [c]) => (a < c ? -1 : 1))) {
        if (b.available !== 0n || b.freeze !== 0n) all[t] = entry(t);
      }
      body = all;
    }
    await venue.barrier();
    return reply.send(body);
  });
}
