import { randomUUID } from 'node:crypto';
import { subAccountTransfer } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { mainCaller } from './caller.js';
import { transferAmount } from '../../../../validation/transfer-amount.js';
import { directionField, subAccountIdField } from './sub-account-fields.js';
import { sendSubAccountRejection } from './sub-account-rejection.js';

/**
 * `sub-account/transfer`: between the caller's main balance and a sub-account's, in the words of
 * `main-account/transfer` (reference §7.7) for the ticker and amount; 200 with its `transaction_id`.
 */
export const subAccountTransferRoute = defineRoute(subAccountTransfer, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(subAccountTransfer.path, { config: { endpoint: subAccountTransfer } }, async (request, reply) => {
    const parent = mainCaller(venue.state, request, reply);
    if (parent === undefined) return reply;
    const v = new MainValidation(request.body as Record<string, unknown>);
    const id = subAccountIdField(v);
    const direction = directionField(v, false);
    let precision: number | undefined;
    if (!v.has('ticker')) v.add('ticker', 'The ticker field is required.');
    const ticker = v.optionalString('ticker');
    if (ticker !== undefined) {
      precision = venue.state.assets.get(ticker)?.precision;
      if (precision === undefined) v.add('ticker', 'The selected ticker is invalid.');
    }
    const amount = transferAmount(v, v.body.amount, precision);
    if (v.failed || id === undefined || direction === undefined || ticker === undefined || amount === undefined) {
      return sendError(reply, 'mainValidation', { errors: v.errors });
    }
    const transactionId = randomUUID();
    const { result } = await venue.submit({
      type: 'TransferSubAccount',
      parent,
      id,
      transactionId,
      direction,
      ticker,
      amount,
    });
    if (!result.ok) return sendSubAccountRejection(reply, result.rejection);
    return reply.send({ transaction_id: result.value.transactionId });
  });
});
