import { randomUUID } from 'node:crypto';
import { mainAccountCodes } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { parseCodeCreation } from '../../../../validation/code-request.js';
import { passphraseDigest } from '../../../../../wallet/code-passphrase.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/**
 * Creates a code (`WB{uuid}{TICKER}`) holding `amount` of the caller's main balance; 201. Request
 * errors answer 400 code 0; fiat 422 code 0, an asset not withdrawable code 1, a short balance code 5.
 */
export const mainAccountCodesRoute = defineRoute(mainAccountCodes, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(mainAccountCodes.path, { config: { endpoint: mainAccountCodes } }, async (request, reply) => {
    const parsed = parseCodeCreation(request.body, venue.state);
    if (!parsed.ok) return sendError(reply, 'mainValidation', { errors: parsed.errors });
    const { ticker, amount, passphrase, description } = parsed.value;
    const code = `WB${randomUUID()}${ticker}`;
    const { result } = await venue.submit({
      type: 'CreateCode',
      user: request.auth?.user ?? '',
      code,
      externalId: randomUUID(),
      ticker,
      amount,
      passphraseDigest: passphraseDigest(code, passphrase),
      description,
    });
    if (!result.ok) {
      const params = { ...result.rejection.params };
      switch (result.rejection.reason) {
        case 'CODE_FIAT':
          return sendError(reply, 'codeFiat');
        case 'ASSET_NOT_WITHDRAWABLE':
          return sendError(reply, 'withdrawNotWithdrawable');
        case 'CODE_INSUFFICIENT_FUNDS':
          return sendError(reply, 'withdrawInsufficientFunds', { params });
        default:
          return sendError(reply, 'mainValidation', { errors: { amount: ['Invalid argument.'] } });
      }
    }
    return reply
      .code(201)
      .send({ code, message: 'Code was successfully created', external_id: result.value.externalId });
  });
});
