import type { Rejection } from '@txc/core';
import type { FastifyReply } from 'fastify';
import { sendError } from '../../../../send-error.js';

/** The answer to an engine refusal of a sub-account command; request validation catches the rest first. */
export function sendSubAccountRejection(reply: FastifyReply, rejection: Rejection): FastifyReply {
  switch (rejection.reason) {
    case 'SUB_ACCOUNT_NOT_FOUND':
      return sendError(reply, 'subAccountNotFound');
    case 'SUB_ACCOUNT_ALIAS_TAKEN':
      return sendError(reply, 'subAccountAliasTaken');
    case 'SUB_ACCOUNT_NOT_EMPTY':
      return sendError(reply, 'subAccountNotEmpty');
    case 'SUB_ACCOUNT_NOT_PERMITTED':
      return sendError(reply, 'notPermittedForSubAccount');
    case 'TRANSFER_INSUFFICIENT_FUNDS':
      return sendError(reply, 'transferInsufficientFunds', { params: rejection.params ?? {} });
    case 'UNKNOWN_ASSET':
      return sendError(reply, 'mainValidation', { errors: { ticker: ['The selected ticker is invalid.'] } });
    default:
      throw new Error(`sub-account command refused unexpectedly: ${rejection.reason}`);
  }
}
