import { formatUnits } from '@txc/core';
import { mainAccountCodesApply } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { parseCodeApplication } from '../../../../validation/code-request.js';
import { passphraseDigest } from '../../../../../wallet/code-passphrase.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/**
 * Applies a code to the caller's main balance; 201. An unknown code or a wrong passphrase, the
 * caller's own code and a code already applied answer 400 code 0 on `code`, and move nothing.
 */
export const mainAccountCodesApplyRoute = defineRoute(
  mainAccountCodesApply,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(mainAccountCodesApply.path, { config: { endpoint: mainAccountCodesApply } }, async (request, reply) => {
      const parsed = parseCodeApplication(request.body);
      if (!parsed.ok) return sendError(reply, 'mainValidation', { errors: parsed.errors });
      const { code, passphrase } = parsed.value;
      const { result } = await venue.submit({
        type: 'ApplyCode',
        user: request.auth?.user ?? '',
        code,
        passphraseDigest: passphraseDigest(code, passphrase),
      });
      if (!result.ok) {
        switch (result.rejection.reason) {
          case 'CODE_OWN':
            return sendError(reply, 'codeOwn');
          case 'CODE_ALREADY_APPLIED':
            return sendError(reply, 'codeAlreadyApplied');
          default:
            return sendError(reply, 'codeIncorrect');
        }
      }
      const { ticker, amount, externalId } = result.value;
      return reply.code(201).send({
        message: 'Code was successfully applied',
        ticker,
        amount: formatUnits(amount, venue.state.assets.get(ticker)?.precision ?? 0),
        external_id: externalId,
      });
    });
  },
);
