import { subAccountTransferHistory } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { mainCaller } from './caller.js';
import { directionField, ownSubAccount, pageFields, subAccountIdField } from './sub-account-fields.js';
import { subAccountTransferBody } from './sub-account-body.js';

/** `sub-account/transfer/history`: one sub-account's transfers with the caller, newest first. */
export const subAccountTransferHistoryRoute = defineRoute(
  subAccountTransferHistory,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      subAccountTransferHistory.path,
      { config: { endpoint: subAccountTransferHistory } },
      async (request, reply) => {
        const parent = mainCaller(venue.state, request, reply);
        if (parent === undefined) return reply;
        const v = new MainValidation(request.body as Record<string, unknown>);
        const id = subAccountIdField(v);
        const direction = directionField(v, true);
        const { limit, offset } = pageFields(v, 100);
        if (v.failed || id === undefined) return sendError(reply, 'mainValidation', { errors: v.errors });
        await venue.barrier();
        const state = venue.state;
        const sub = ownSubAccount(state, parent, id);
        if (sub === undefined) return sendError(reply, 'subAccountNotFound');
        const chosen = sub.transfers.filter((t) => direction === undefined || t.direction === direction).reverse();
        const data = chosen.slice(offset, offset + limit).map((t) => subAccountTransferBody(state, t));
        return reply.send({ offset, limit, data });
      },
    );
  },
);
