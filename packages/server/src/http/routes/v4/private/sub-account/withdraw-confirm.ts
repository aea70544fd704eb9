import type { Rejection, State } from '@txc/core';
import { subAccountWithdrawConfirm } from '@txc/sdk';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Venue } from '../../../../../venue/venue.js';
import { sendError } from '../../../../send-error.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { mainCaller } from './caller.js';
import { subAccountIdField } from './sub-account-fields.js';

/**
 * What failed when a held withdrawal was checked again, as the docs' `{"amount":"insufficientFunds"}`
 * names it (a list, as every field's errors are in txc); undefined for a refusal of another kind.
 */
function innerFailure(reason: Rejection['reason']): Record<string, string[]> | undefined {
  switch (reason) {
    case 'WITHDRAWAL_INSUFFICIENT_FUNDS':
      return { amount: ['insufficientFunds'] };
    case 'WITHDRAWAL_BELOW_MIN':
      return { amount: ['belowMinimum'] };
    case 'WITHDRAWAL_ABOVE_MAX':
      return { amount: ['aboveMaximum'] };
    case 'WITHDRAWAL_NOT_ABOVE_FEE':
      return { amount: ['notAboveFee'] };
    case 'WITHDRAWAL_TO_OWN_ADDRESS':
      return { address: ['invalid'] };
    case 'UNKNOWN_ASSET':
    case 'UNKNOWN_NETWORK':
    case 'ASSET_NOT_DEPOSITABLE':
    case 'ASSET_NOT_WITHDRAWABLE':
    case 'NETWORK_NOT_WITHDRAWABLE':
      return { ticker: ['notWithdrawable'] };
    default:
      return undefined;
  }
}

/**
 * The answer for an id that is not a withdrawal waiting for the caller: unknown to the venue (400
 * `validation.exists`), not one of its sub-accounts' (422 "Transaction doesn't exist") or one of
 * theirs past waiting: confirmed, finished, expired (422 "Transaction has incorrect status").
 */
async function notHeld(venue: Venue, state: State, parent: string, id: string, reply: FastifyReply) {
  const row = await venue.readDurable((store) =>
    store.db.selectFrom('wallet_transactions').select('user_name').where('transaction_id', '=', id).executeTakeFirst(),
  );
  if (row === undefined) return sendError(reply, 'idNotExists');
  if (state.subAccounts.get(row.user_name)?.parent !== parent) return sendError(reply, 'transactionNotFound');
  return sendError(reply, 'transactionIncorrectStatus');
}

/** `sub-account/withdraw/confirm`: releases one of the caller's sub-accounts' held withdrawals; 200 `{}`. */
export const subAccountWithdrawConfirmRoute = defineRoute(
  subAccountWithdrawConfirm,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      subAccountWithdrawConfirm.path,
      { config: { endpoint: subAccountWithdrawConfirm } },
      async (request, reply) => {
        const parent = mainCaller(venue.state, request, reply);
        if (parent === undefined) return reply;
        const v = new MainValidation(request.body as Record<string, unknown>);
        const id = subAccountIdField(v);
        if (v.failed || id === undefined) return sendError(reply, 'mainValidation', { errors: v.errors });
        const { result } = await venue.submit({ type: 'ConfirmHeldWithdrawal', parent, transactionId: id });
        if (result.ok) return reply.send({});
        const reason = result.rejection.reason;
        if (reason === 'HELD_WITHDRAWAL_NOT_FOUND') return notHeld(venue, venue.state, parent, id, reply);
        if (reason === 'HELD_WITHDRAWAL_NOT_OWN') return sendError(reply, 'transactionNotFound');
        if (reason === 'HELD_WITHDRAWAL_EXPIRED') return sendError(reply, 'transactionIncorrectStatus');
        const errors = innerFailure(reason);
        if (errors === undefined) throw new Error(`withdrawal confirmation refused unexpectedly: ${reason}`);
        return sendError(reply, 'withdrawConfirmInnerValidation', { errors });
      },
    );
  },
);
