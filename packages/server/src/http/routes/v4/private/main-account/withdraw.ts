import { mainAccountWithdraw } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../../route-deps.js';
import { withdrawalHandler } from './withdrawal-handler.js';

/** Reference §7.4: the fee comes out of `amount`. */
export function mainAccountWithdrawRoute(app: FastifyInstance, deps: RouteDeps): void {
  app.post(
    mainAccountWithdraw.path,
    { config: { endpoint: mainAccountWithdraw } },
    withdrawalHandler(deps, 'inclusive'),
  );
}
