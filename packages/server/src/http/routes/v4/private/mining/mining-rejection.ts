import { MINING_FIELD_MESSAGES, type FieldErrors } from '@txc/sdk';
import type { Rejection } from '@txc/core';
import type { FastifyReply } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { NAME_FORMAT_INVALID } from './mining-fields.js';

/**
 * The answer to an engine refusal of a mining command. Request validation catches the address and
 * name cases first; the engine's word is final all the same, so they are answered alike here.
 */
export function sendMiningRejection(reply: FastifyReply, rejection: Rejection): FastifyReply {
  const invalid = (errors: FieldErrors): FastifyReply => sendError(reply, 'mainValidation', { errors });
  switch (rejection.reason) {
    case 'MINING_ACCOUNT_NOT_FOUND':
      return sendError(reply, 'miningAccountNotFound');
    case 'MINING_ACCOUNT_EXISTS':
      return sendError(reply, 'miningAccountNameTaken');
    case 'MINING_ACCOUNT_LIMIT':
      return sendError(reply, 'miningAccountLimit');
    case 'MINING_ACCOUNT_NAME_INVALID':
      return invalid({ name: [NAME_FORMAT_INVALID] });
    case 'MINING_ADDRESS_REQUIRED':
      return invalid({ address: [MINING_FIELD_MESSAGES.btcAddressRequired] });
    case 'MINING_ADDRESS_INVALID':
      return invalid({ address: [MINING_FIELD_MESSAGES.invalidBtcAddress] });
    default:
      throw new Error(`mining command refused unexpectedly: ${rejection.reason}`);
  }
}
