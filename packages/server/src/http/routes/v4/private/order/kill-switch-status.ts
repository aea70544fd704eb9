import { orderKillSwitchStatus } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { killSwitchBody, killSwitchStatus } from '../../../../../order-entry/kill-switch.js';
import { sendError } from '../../../../send-error.js';
import { orderReadErrorOf } from '../../../../trading/order-read-error.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** `order/kill-switch/status`: the caller's armed timers. */
export const orderKillSwitchStatusRoute = defineRoute(
  orderKillSwitchStatus,
  (app: FastifyInstance, { venue }: RouteDeps) => {
    app.post(orderKillSwitchStatus.path, { config: { endpoint: orderKillSwitchStatus } }, (request, reply) => {
      const status = killSwitchStatus(venue, request.auth?.user ?? '', request.body as Record<string, unknown>);
      if ('invalid' in status) return sendError(reply, orderReadErrorOf(status.invalid), { errors: status.invalid });
      return reply.send(status.timers.map(killSwitchBody));
    });
  },
);
