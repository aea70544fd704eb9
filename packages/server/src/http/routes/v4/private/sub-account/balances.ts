import { formatUnits, type User } from '@txc/core';
import { subAccountBalances } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { MainValidation } from '../../../../validation/main-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';
import { mainCaller } from './caller.js';
import { ownSubAccount, subAccountIdField } from './sub-account-fields.js';

function figure(units: bigint, precision: number): string {
  return units === 0n ? '0' : formatUnits(units, precision);
}

/** `sub-account/balances`: per ticker, one entry of the main, whole spot and collateral balances. */
export const subAccountBalancesRoute = defineRoute(subAccountBalances, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(subAccountBalances.path, { config: { endpoint: subAccountBalances } }, async (request, reply) => {
    const parent = mainCaller(venue.state, request, reply);
    if (parent === undefined) return reply;
    const v = new MainValidation(request.body as Record<string, unknown>);
    const id = subAccountIdField(v);
    const ticker = v.optionalString('ticker');
    if (ticker !== undefined && !venue.state.assets.has(ticker)) v.add('ticker', 'The selected ticker is invalid.');
    if (v.failed || id === undefined) return sendError(reply, 'mainValidation', { errors: v.errors });
    await venue.barrier();
    const state = venue.state;
    const user: User | undefined = ownSubAccount(state, parent, id) && state.users.get(id);
    if (user === undefined) return sendError(reply, 'subAccountNotFound');
    const body: Record<string, { main: string; spot: string; collateral: string }[]> = {};
    for (const asset of state.assets.values()) {
      if (ticker !== undefined && asset.ticker !== ticker) continue;
      const spot = user.spot.get(asset.ticker);
      body[asset.ticker] = [
        {
          main: figure(user.main.get(asset.ticker) ?? 0n, asset.precision),
          spot: figure((spot?.available ?? 0n) + (spot?.freeze ?? 0n), asset.precision),
          collateral: figure(user.collateral.get(asset.ticker) ?? 0n, asset.precision),
        },
      ];
    }
    return reply.send(body);
  });
});
