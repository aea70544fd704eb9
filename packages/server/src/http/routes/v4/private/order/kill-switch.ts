import { orderKillSwitch } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { killSwitchBody, setKillSwitch } from '../../../../../order-entry/kill-switch.js';
import { sendError } from '../../../../send-error.js';
import { sendTradingRejection } from '../../../../trading/send-rejection.js';
import { orderReadErrorOf } from '../../../../trading/order-read-error.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** `order/kill-switch`: the timer as armed, or `[]` once disarmed (order-entry/kill-switch.ts sets it). */
export const orderKillSwitchRoute = defineRoute(orderKillSwitch, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(orderKillSwitch.path, { config: { endpoint: orderKillSwitch } }, async (request, reply) => {
    const set = await setKillSwitch(venue, request.auth?.user ?? '', request.body as Record<string, unknown>);
    if ('invalid' in set) return sendError(reply, orderReadErrorOf(set.invalid), { errors: set.invalid });
    if ('rejected' in set) return sendTradingRejection(reply, set.rejected);
    return reply.send(set.timer === null ? [] : killSwitchBody(set.timer));
  });
});
