import { randomUUID } from 'node:crypto';
import type { FeeMode, Rejection } from '@txc/core';
import type { ErrorName, FieldErrors } from '@txc/sdk';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { parseWithdrawal } from '../../../../validation/withdrawal-request.js';
import type { RouteDeps } from '../../../route-deps.js';

const NO_ITEMS: readonly never[] = [];

function refusal(r: Rejection, uniqueIdKey: string): { name: ErrorName; errors?: FieldErrors } {
  switch (r.reason) {
    case 'WITHDRAWAL_UNIQUE_ID_TAKEN':
      return { name: 'mainValidation', errors: { [uniqueIdKey]: ['The unique id has already been taken.'] } };
    case 'ASSET_NOT_DEPOSITABLE':
      return { name: 'withdrawNotDepositable' };
    case 'ASSET_NOT_WITHDRAWABLE':
    case 'NETWORK_NOT_WITHDRAWABLE':
      return { name: 'withdrawNotWithdrawable' };
    case 'WITHDRAWAL_BELOW_MIN':
      return { name: 'withdrawAmountTooSmall' };
    case 'WITHDRAWAL_ABOVE_MAX':
      return { name: 'withdrawAmountTooLarge' };
    case 'WITHDRAWAL_NOT_ABOVE_FEE':
      return { name: 'withdrawAmountNotAboveFee' };
    case 'WITHDRAWAL_INSUFFICIENT_FUNDS':
      return { name: 'withdrawInsufficientFunds' };
    case 'WITHDRAWAL_TO_OWN_ADDRESS':
      return { name: 'withdrawOwnAddress' };
    default:
      return { name: 'mainValidation', errors: { request: [`Refused: ${r.reason}.`] } };
  }
}

/**
 * Withdraw and withdraw-pay differ only in who bears the fee. Success is HTTP 201 with `[]`; the
 * outcome is then read from the history by `uniqueId` (reference §7.4).
 */
export function withdrawalHandler(
  { venue, wallet }: RouteDeps,
  feeMode: FeeMode,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  return async (request, reply) => {
    const user = request.auth?.user ?? '';
    const today = new Date(venue.clock.nowMs()).toISOString().slice(0, 10);
    const parsed = parseWithdrawal(request.body, { state: venue.state, wallet, user, feeMode, today });
    if (!parsed.ok) {
      return sendError(reply, parsed.error, {
        ...(parsed.errors === undefined ? {} : { errors: parsed.errors }),
        ...(parsed.params === undefined ? {} : { params: parsed.params }),
      });
    }
    const { result } = await venue.submit({ ...parsed.command, transactionId: randomUUID() });
    if (!result.ok) {
      const { name, errors } = refusal(result.rejection, parsed.uniqueIdKey);
      return sendError(reply, name, {
        ...(errors === undefined ? {} : { errors }),
        ...(result.rejection.params === undefined ? {} : { params: { ...result.rejection.params } }),
      });
    }
    return reply.code(201).send(NO_ITEMS);
  };
}
