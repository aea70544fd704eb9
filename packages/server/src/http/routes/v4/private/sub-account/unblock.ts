import { subAccountUnblock } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { mainCaller } from './caller.js';
import { subAccountIdField } from './sub-account-fields.js';
import { sendSubAccountRejection } from './sub-account-rejection.js';

/** `sub-account/unblock`: unblocks one of the caller's sub-accounts; 200 `{}`. */
export const subAccountUnblockRoute = defineRoute(subAccountUnblock, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(subAccountUnblock.path, { config: { endpoint: subAccountUnblock } }, async (request, reply) => {
    const parent = mainCaller(venue.state, request, reply);
    if (parent === undefined) return reply;
    const v = new MainValidation(request.body as Record<string, unknown>);
    const id = subAccountIdField(v);
    if (v.failed || id === undefined) return sendError(reply, 'mainValidation', { errors: v.errors });
    const { result } = await venue.submit({ type: 'SetSubAccountBlocked', parent, id, blocked: false });
    if (!result.ok) return sendSubAccountRejection(reply, result.rejection);
    return reply.send({});
  });
});
