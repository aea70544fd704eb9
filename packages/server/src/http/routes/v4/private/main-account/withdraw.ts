import { mainAccountWithdraw } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../../route-deps.js';
import { withdrawalHandler } from './withdrawal-handler.js';
import { defineRoute } from '../../../../route-module.js';

/** Reference §7.4: the fee comes out of `amount`. */
export const mainAccountWithdrawRoute = defineRoute(mainAccountWithdraw, (app: FastifyInstance, deps: RouteDeps) => {
  app.post(
    mainAccountWithdraw.path,
    { config: { endpoint: mainAccountWithdraw } },
    withdrawalHandler(deps, 'inclusive'),
  );
});
