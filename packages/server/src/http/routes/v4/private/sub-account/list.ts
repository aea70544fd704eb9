import { subAccountList } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { mainCaller } from './caller.js';
import { pageFields } from './sub-account-fields.js';
import { subAccountBody } from './sub-account-body.js';

/** `sub-account/list`: the caller's live sub-accounts, oldest first, those whose alias holds `search`. */
export const subAccountListRoute = defineRoute(subAccountList, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(subAccountList.path, { config: { endpoint: subAccountList } }, async (request, reply) => {
    const parent = mainCaller(venue.state, request, reply);
    if (parent === undefined) return reply;
    const v = new MainValidation(request.body as Record<string, unknown>);
    const search = v.optionalString('search');
    const { limit, offset } = pageFields(v, 30);
    if (v.failed) return sendError(reply, 'mainValidation', { errors: v.errors });
    await venue.barrier();
    const state = venue.state;
    // by creation, the users' numbers settling a tie: the state's map is in insertion order only until
    // a snapshot is loaded, which keeps maps by key
    const number = (id: string): number => state.users.get(id)?.id ?? 0;
    const mine = [...state.subAccounts.values()]
      .filter(
        (s) => s.parent === parent && s.status !== 'deleted' && (search === undefined || s.alias.includes(search)),
      )
      .sort((a, b) => a.createdAt - b.createdAt || number(a.id) - number(b.id));
    const data = mine.slice(offset, offset + limit).map((s) => subAccountBody(state, s));
    return reply.send({ offset, limit, data });
  });
});
