import { mainAccountCodesHistory } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { parseCodePage } from '../../../../validation/code-request.js';
import { codeHistory } from '../../../../../wallet/codes-view.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** The caller's codes created (`-amount`) and applied (`+amount`), newest first; 200. */
export const mainAccountCodesHistoryRoute = defineRoute(
  mainAccountCodesHistory,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(
      mainAccountCodesHistory.path,
      { config: { endpoint: mainAccountCodesHistory } },
      async (request, reply) => {
        const parsed = parseCodePage(request.body);
        if (!parsed.ok) return sendError(reply, 'mainValidation', { errors: parsed.errors });
        await venue.barrier();
        const { limit, offset } = parsed.value;
        return reply.send(codeHistory(venue.state, request.auth?.user ?? '', limit, offset));
      },
    );
  },
);
