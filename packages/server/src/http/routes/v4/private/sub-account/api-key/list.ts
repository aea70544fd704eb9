import { subAccountApiKeyList } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../../send-error.js';
import { MainValidation } from '../../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../../route-deps.js';
import { defineRoute } from '../../../../../route-module.js';
import { mainCaller } from '../caller.js';
import { ownSubAccount, pageFields } from '../sub-account-fields.js';
import { liveSubAccountKeys } from '../../../../../../venue/keys/sub-account-keys.js';
import { subAccountKeyBody } from './api-key-body.js';

/**
 * `sub-account/api-key/list`: the keys of one of the caller's sub-accounts, or without `subAccountId`
 * of all of them, newest first, without secrets (`limit` default 100).
 */
export const subAccountApiKeyListRoute = defineRoute(
  subAccountApiKeyList,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(subAccountApiKeyList.path, { config: { endpoint: subAccountApiKeyList } }, async (request, reply) => {
      const parent = mainCaller(venue.state, request, reply);
      if (parent === undefined) return reply;
      const v = new MainValidation(request.body as Record<string, unknown>);
      const subAccountId = v.optionalString('subAccountId');
      const { limit, offset } = pageFields(v, 100);
      if (v.failed) return sendError(reply, 'mainValidation', { errors: v.errors });
      await venue.barrier();
      const state = venue.state;
      if (subAccountId !== undefined && ownSubAccount(state, parent, subAccountId) === undefined) {
        return sendError(reply, 'subAccountIdInvalid');
      }
      const mine = liveSubAccountKeys(venue.keys).filter((e) =>
        subAccountId === undefined
          ? ownSubAccount(state, parent, e.record.user) !== undefined
          : e.record.user === subAccountId,
      );
      const data = mine.slice(offset, offset + limit).map((e) => subAccountKeyBody(state, e));
      return reply.send({ offset, limit, data });
    });
  },
);
