import { subAccountDelete } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { mainCaller } from './caller.js';
import { subAccountIdField } from './sub-account-fields.js';
import { sendSubAccountRejection } from './sub-account-rejection.js';

/** `sub-account/delete`: deletes one of the caller's sub-accounts that holds nothing; 200 `{}`. */
export const subAccountDeleteRoute = defineRoute(subAccountDelete, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(subAccountDelete.path, { config: { endpoint: subAccountDelete } }, async (request, reply) => {
    const parent = mainCaller(venue.state, request, reply);
    if (parent === undefined) return reply;
    const v = new MainValidation(request.body as Record<string, unknown>);
    const id = subAccountIdField(v);
    if (v.failed || id === undefined) return sendError(reply, 'mainValidation', { errors: v.errors });
    const { result } = await venue.submit({ type: 'DeleteSubAccount', parent, id });
    if (!result.ok) return sendSubAccountRejection(reply, result.rejection);
    return reply.send({});
  });
});
