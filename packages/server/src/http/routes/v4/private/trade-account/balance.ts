import { tradeBalance } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { spotBalance, spotBalances } from '../../../../../account-views/spot-balances.js';
import { sendError } from '../../../../send-error.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/**
 * Reference §5.2: the spot account's non-zero balances by ticker (`available`, and `freeze` held by
 * open orders), or, with `ticker`, that asset's balance unwrapped (zeros included).
 */
export const tradeBalanceRoute = defineRoute(tradeBalance, (app: FastifyInstance, { venue }: RouteDeps) => {
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
    const user = request.auth?.user ?? '';
    const body = typeof ticker === 'string' ? spotBalance(state, user, ticker) : spotBalances(state, user);
    await venue.barrier();
    return reply.send(body);
  });
});
