import { miningAccounts } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MiningValidation } from '../../../../validation/mining-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { MAX_ACCOUNT_NAME_LENGTH, unixSeconds } from './mining-fields.js';
import { defineRoute } from '../../../../route-module.js';

/** Reference §8.3: the caller's accounts, newest first; `name` selects one by exact name. */
export const miningAccountsRoute = defineRoute(miningAccounts, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(miningAccounts.path, { config: { endpoint: miningAccounts } }, async (request, reply) => {
    const v = new MiningValidation(request.body as Record<string, unknown>);
    const name = v.boundedString('name', 'name', MAX_ACCOUNT_NAME_LENGTH);
    const { limit, offset } = v.page();
    if (v.failed) return sendError(reply, 'mainValidation', { errors: v.errors });

    const owned = venue.state.mining.accounts.get(request.auth?.user ?? '');
    const data = [...(owned?.values() ?? [])]
      .filter((a) => name === undefined || a.name === name)
      .sort((a, b) => b.seq - a.seq)
      .slice(offset, offset + limit)
      .map((a) => ({ name: a.name, createdAt: unixSeconds(a.createdAt) }));
    await venue.barrier();
    return reply.send({ data, limit, offset });
  });
});
