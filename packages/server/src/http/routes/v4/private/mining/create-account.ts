import { miningCreateAccount } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MiningValidation } from '../../../../validation/mining-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { sendMiningRejection } from './mining-rejection.js';
import { newAccountName, unixSeconds } from './mining-fields.js';
import { defineRoute } from '../../../../route-module.js';

/** Reference §8.3: `name` unique per user; `referralCode` (≤ 50) is accepted, txc runs no referral programme. */
export const miningCreateAccountRoute = defineRoute(
  miningCreateAccount,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(miningCreateAccount.path, { config: { endpoint: miningCreateAccount } }, async (request, reply) => {
      const v = new MiningValidation(request.body as Record<string, unknown>);
      const name = newAccountName(v);
      v.boundedString('referralCode', 'referral code', 50);
      if (v.failed || name === undefined) return sendError(reply, 'mainValidation', { errors: v.errors });

      const user = request.auth?.user ?? '';
      const { result } = await venue.submit({ type: 'CreateMiningAccount', user, name });
      if (!result.ok) return sendMiningRejection(reply, result.rejection);
      return reply.send({ data: { name: result.value.name, createdAt: unixSeconds(result.value.createdAt) } });
    });
  },
);
