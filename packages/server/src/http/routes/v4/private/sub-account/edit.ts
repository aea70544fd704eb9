import { subAccountEdit } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { mainCaller } from './caller.js';
import { aliasField, permissionsField, subAccountIdField } from './sub-account-fields.js';
import { sendSubAccountRejection } from './sub-account-rejection.js';

/** `sub-account/edit`: a new alias and permissions for one of the caller's sub-accounts; 200 `{}`. */
export const subAccountEditRoute = defineRoute(subAccountEdit, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(subAccountEdit.path, { config: { endpoint: subAccountEdit } }, async (request, reply) => {
    const parent = mainCaller(venue.state, request, reply);
    if (parent === undefined) return reply;
    const v = new MainValidation(request.body as Record<string, unknown>);
    const id = subAccountIdField(v);
    const alias = aliasField(v);
    const permissions = permissionsField(v);
    if (v.failed || id === undefined || alias === undefined || permissions === undefined) {
      return sendError(reply, 'mainValidation', { errors: v.errors });
    }
    const { result } = await venue.submit({ type: 'EditSubAccount', parent, id, alias, ...permissions });
    if (!result.ok) return sendSubAccountRejection(reply, result.rejection);
    return reply.send({});
  });
});
