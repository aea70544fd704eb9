import { randomUUID } from 'node:crypto';
import { subAccountApiKeyCreate } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../../send-error.js';
import { MainValidation } from '../../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../../route-deps.js';
import { defineRoute } from '../../../../../route-module.js';
import { mainCaller } from '../caller.js';
import { callerMayWithdraw } from './caller-key.js';
import { ownSubAccount } from '../sub-account-fields.js';
import { SUB_ACCOUNT_KEY_PERMISSIONS } from '../../../../../../venue/keys/endpoint-access.js';
import {
  liveSubAccountKeys,
  nextSubAccountKeySerial,
  SUB_ACCOUNT_KEY_LIMIT,
} from '../../../../../../venue/keys/sub-account-keys.js';
import { requiredString, titleField, typeField } from './api-key-fields.js';
import { subAccountKeyBody } from './api-key-body.js';

/**
 * `sub-account/api-key/create`: a new key of one of the caller's sub-accounts, usable at once; 201 with
 * its secret, shown this once. A type 2 key can withdraw: only a caller whose own key can may make one.
 */
export const subAccountApiKeyCreateRoute = defineRoute(
  subAccountApiKeyCreate,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(subAccountApiKeyCreate.path, { config: { endpoint: subAccountApiKeyCreate } }, async (request, reply) => {
      const parent = mainCaller(venue.state, request, reply);
      if (parent === undefined) return reply;
      const v = new MainValidation(request.body as Record<string, unknown>);
      const type = typeField(v);
      const subAccountId = requiredString(v, 'subAccountId');
      const title = titleField(v);
      if (v.failed || type === undefined || subAccountId === undefined || title === undefined) {
        return sendError(reply, 'mainValidation', { errors: v.errors });
      }
      await venue.barrier();
      if (ownSubAccount(venue.state, parent, subAccountId) === undefined) {
        return sendError(reply, 'subAccountIdInvalid');
      }
      if (type === 2 && !callerMayWithdraw(venue, request)) {
        return sendError(reply, 'subAccountApiKeyTypeNotAllowed');
      }
      const held = liveSubAccountKeys(venue.keys).filter((e) => e.record.user === subAccountId).length;
      if (held >= SUB_ACCOUNT_KEY_LIMIT) {
        return sendError(reply, 'subAccountApiKeyLimit', { params: { max: String(SUB_ACCOUNT_KEY_LIMIT) } });
      }
      const profile = { id: randomUUID(), serial: nextSubAccountKeySerial(venue.keys), title, type, urls: [] };
      const made = venue.createApiKey(subAccountId, SUB_ACCOUNT_KEY_PERMISSIONS[type], [], profile);
      await made.durable;
      const entry = venue.keys.get(made.record.apiKey)!;
      return reply.code(201).send(subAccountKeyBody(venue.state, entry, made.secret));
    });
  },
);
