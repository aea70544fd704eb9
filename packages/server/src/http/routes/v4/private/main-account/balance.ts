import { formatUnits, type State, type User } from '@txc/core';
import { mainAccountBalance } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** The main balance of `user` in `ticker`, as the API writes it ("0" for an unknown ticker or user). */
function mainBalance(state: State, user: User | undefined, ticker: string): string {
  const asset = state.assets.get(ticker);
  const units = user?.main.get(ticker) ?? 0n;
  // Most assets of most users are empty: "0" in every precision, without the arithmetic.
  return asset === undefined || units === 0n ? '0' : formatUnits(units, asset.precision);
}

/**
 * Spec §4.6 → §2.4: the main balance object keyed by ticker, of every asset of the venue (zeros
 * included), or with `ticker` of that one ticker ("0" for a ticker the venue does not know). The
 * deployed service answers a ticker unwrapped (reference §7.1); the spec wins (docs/compatibility.md).
 */
export const mainAccountBalanceRoute = defineRoute(mainAccountBalance, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(mainAccountBalance.path, { config: { endpoint: mainAccountBalance } }, async (request, reply) => {
    const v = new MainValidation(request.body as Record<string, unknown>);
    const ticker = v.optionalString('ticker');
    if (v.failed) return sendError(reply, 'mainValidation', { errors: v.errors });

    const state = venue.state;
    const user = state.users.get(request.auth?.user ?? '');
    const body: Record<string, { main_balance: string }> = {};
    for (const t of ticker === undefined ? state.assets.keys() : [ticker]) {
      body[t] = { main_balance: mainBalance(state, user, t) };
    }
    await venue.barrier();
    return reply.send(body);
  });
});
