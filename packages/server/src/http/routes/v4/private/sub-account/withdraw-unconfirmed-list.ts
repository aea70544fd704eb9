import { formatUnits, heldWithdrawalsOf } from '@txc/core';
import { subAccountWithdrawUnconfirmedList } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { integerValue } from '../../../../validation/integer-value.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { mainCaller } from './caller.js';

/** `limit` (1–100, default 100) and `offset` (0–10000, default 0), in the exchange docs' words for this endpoint. */
function page(v: MainValidation): { limit: number; offset: number } {
  const read = (field: string, min: number, max: number, absent: number): number => {
    if (!v.has(field)) return absent;
    const n = integerValue(v.body[field]);
    if (n === undefined) v.add(field, `The ${field} field must be an integer.`);
    else if (n < min) v.add(field, `The ${field} field must be at least ${min}.`);
    else if (n > max) v.add(field, `The ${field} field must not be greater than ${max}.`);
    return n ?? absent;
  };
  return { limit: read('limit', 1, 100, 100), offset: read('offset', 0, 10_000, 0) };
}

/**
 * `sub-account/withdraw/unconfirmed-list`: the withdrawals of the caller's sub-accounts waiting for
 * its confirmation, newest first; `subAccountId` keeps one sub-account's (another user's id keeps
 * none). Bad paging answers 422, as the docs show for this endpoint.
 */
export const subAccountWithdrawUnconfirmedListRoute = defineRoute(
  subAccountWithdrawUnconfirmedList,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      subAccountWithdrawUnconfirmedList.path,
      { config: { endpoint: subAccountWithdrawUnconfirmedList } },
      async (request, reply) => {
        const parent = mainCaller(venue.state, request, reply);
        if (parent === undefined) return reply;
        const v = new MainValidation(request.body as Record<string, unknown>);
        const subAccountId = v.optionalString('subAccountId');
        const { limit, offset } = page(v);
        if (v.failed) return sendError(reply, 'subAccountWithdrawValidation', { errors: v.errors });
        await venue.barrier();
        const state = venue.state;
        const held = heldWithdrawalsOf(state.heldWithdrawals, parent).filter(
          (w) => subAccountId === undefined || w.user === subAccountId,
        );
        const data = held.slice(offset, offset + limit).map((w) => ({
          id: w.transactionId,
          subAccountId: w.user,
          currency: w.ticker,
          amount: formatUnits(w.amount, state.assets.get(w.ticker)?.precision ?? 0),
          createdAt: Math.floor(w.createdAt / 1_000_000),
        }));
        return reply.send({ data, limit, offset });
      },
    );
  },
);
