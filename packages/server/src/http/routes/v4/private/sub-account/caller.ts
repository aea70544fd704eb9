import type { State } from '@txc/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../../../../send-error.js';

/**
 * The main user behind a sub-account request, or the refusal already sent: a sub-account manages
 * no sub-accounts, and its key answers the reference's "Not permitted for sub-account".
 */
export function mainCaller(state: State, request: FastifyRequest, reply: FastifyReply): string | undefined {
  const user = request.auth?.user ?? '';
  if (state.subAccounts.has(user)) {
    sendError(reply, 'notPermittedForSubAccount');
    return undefined;
  }
  return user;
}
