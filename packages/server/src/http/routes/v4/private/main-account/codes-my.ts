import { mainAccountCodesMy } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { parseCodePage } from '../../../../validation/code-request.js';
import { myCodes } from '../../../../../wallet/codes-view.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** The codes the caller created, newest first, with whether each was applied; 200. */
export const mainAccountCodesMyRoute = defineRoute(mainAccountCodesMy, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(mainAccountCodesMy.path, { config: { endpoint: mainAccountCodesMy } }, async (request, reply) => {
    const parsed = parseCodePage(request.body);
    if (!parsed.ok) return sendError(reply, 'mainValidation', { errors: parsed.errors });
    await venue.barrier();
    const { limit, offset } = parsed.value;
    return reply.send(myCodes(venue.state, request.auth?.user ?? '', limit, offset));
  });
});
