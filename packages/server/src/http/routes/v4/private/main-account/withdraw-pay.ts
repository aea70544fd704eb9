import { mainAccountWithdrawPay } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../../route-deps.js';
import { withdrawalHandler } from './withdrawal-handler.js';
import { defineRoute } from '../../../../route-module.js';

/** Spec §4.8, reference §7.5: the receiver gets exactly `amount`; the fee comes on top. */
export const mainAccountWithdrawPayRoute = defineRoute(
  mainAccountWithdrawPay,
  (app: FastifyInstance, deps: RouteDeps) => {
    app.post(
      mainAccountWithdrawPay.path,
      { config: { endpoint: mainAccountWithdrawPay } },
      withdrawalHandler(deps, 'pay'),
    );
  },
);
