import { mainAccountHistory } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { walletHistory } from '../../../../../wallet/wallet-history.js';
import { sendError } from '../../../../send-error.js';
import { parseHistoryRequest } from '../../../../validation/history-request.js';
import type { ViewRouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** Reference §7.6: deposits and withdrawals with every filter and paging rule, newest first. */
export const mainAccountHistoryRoute = defineRoute(
  mainAccountHistory,
  (app: FastifyInstance, { venue }: ViewRouteDeps) => {
    app.post(mainAccountHistory.path, { config: { endpoint: mainAccountHistory } }, async (request, reply) => {
      const parsed = parseHistoryRequest(request.body, venue.state, request.auth?.user ?? '');
      if (!parsed.ok) return sendError(reply, 'mainValidation', { errors: parsed.errors });
      const { total, records } = await venue.readDurable((store) =>
        walletHistory(store.db, venue.state, parsed.filter),
      );
      return reply.send({ limit: parsed.filter.limit, offset: parsed.filter.offset, total, records });
    });
  },
);
