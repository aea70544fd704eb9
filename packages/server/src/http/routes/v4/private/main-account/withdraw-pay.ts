import { mainAccountWithdrawPay } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../../route-deps.js';
import { withdrawalHandler } from './withdrawal-handler.js';

/** Spec §4.8, reference §7.5: the receiver gets exactly `amount`; the fee comes on top. */
export function mainAccountWithdrawPayRoute(app: FastifyInstance, deps: RouteDeps): void {
  app.post(
    mainAccountWithdrawPay.path,
    { config: { endpoint: mainAccountWithdrawPay } },
    withdrawalHandler(deps, 'pay'),
  );
}
