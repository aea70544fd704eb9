import { randomUUID } from 'node:crypto';
import { subAccountCreate } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { mainCaller } from './caller.js';
import { aliasField, emailField, flagField, permissionsField } from './sub-account-fields.js';
import { subAccountBody } from './sub-account-body.js';
import { sendSubAccountRejection } from './sub-account-rejection.js';

/** `sub-account/create`: a new user under the caller, named by a fresh id; 201 with the sub-account. */
export const subAccountCreateRoute = defineRoute(subAccountCreate, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(subAccountCreate.path, { config: { endpoint: subAccountCreate } }, async (request, reply) => {
    const parent = mainCaller(venue.state, request, reply);
    if (parent === undefined) return reply;
    const v = new MainValidation(request.body as Record<string, unknown>);
    const alias = aliasField(v);
    const shareKyc = flagField(v, 'shareKyc', 'share kyc');
    const email = emailField(v, shareKyc);
    const permissions = permissionsField(v);
    if (v.failed || alias === undefined || email === undefined || permissions === undefined) {
      return sendError(reply, 'mainValidation', { errors: v.errors });
    }
    const { result } = await venue.submit({
      type: 'CreateSubAccount',
      parent,
      id: randomUUID(),
      alias,
      email,
      shareKyc,
      ...permissions,
    });
    if (!result.ok) return sendSubAccountRejection(reply, result.rejection);
    return reply.code(201).send(subAccountBody(venue.state, result.value));
  });
});
