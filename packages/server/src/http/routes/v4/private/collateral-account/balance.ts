import { formatUnits } from '@txc/core';
import { collateralBalance } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { collateralHoldings } from '../../../../../account-views/collateral-views.js';

import type { RouteDeps } from '../../../route-deps.js';
import { optionalTicker } from './ticker-field.js';
import { defineRoute } from '../../../../route-module.js';
import { FieldValidation } from '../../../../validation/field-validation.js';

/**
 * Reference §6.3: what the collateral account holds by ticker (available and held by open orders),
 * as decimal strings; non-zero assets only, or the one `ticker` asked (zero included).
 */
export const collateralBalanceRoute = defineRoute(collateralBalance, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(collateralBalance.path, { config: { endpoint: collateralBalance } }, async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const v = new FieldValidation(body);
    const ticker = optionalTicker(v, body, venue.state);
    if (v.failed) return sendError(reply, 'orderValidation', { errors: v.errors });
    const state = venue.state;
    const held = collateralHoldings(state, request.auth?.user ?? '');
    const text = (t: string): string => formatUnits(held.get(t) ?? 0n, state.assets.get(t)?.precision ?? 0);
    const answer =
      ticker !== undefined
        ? { [ticker]: text(ticker) }
        : Object.fromEntries([...held.keys()].sort().map((t) => [t, text(t)]));
    await venue.barrier();
    return reply.send(answer);
  });
});
