import { formatUnits, rateToPercent, type AmountLimits, type AssetSpec, type FeeSpec } from '@txc/core';
import { mainAccountFee, type AccountFee } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { assetsByTicker } from '../../../../../market-data/public-views.js';
import type { RouteDeps } from '../../../route-deps.js';
import { defineRoute } from '../../../../route-module.js';

/** One direction's terms in the asset's precision; an absent part or bound reads "0". */
function terms(limits: AmountLimits, fee: FeeSpec, precision: number) {
  const show = (v: bigint): string => formatUnits(v, precision);
  return {
    minFlex: fee.flex === null ? '0' : show(fee.flex.min),
    maxFlex: fee.flex === null ? '0' : show(fee.flex.max),
    percentFlex: fee.flex === null ? '0' : rateToPercent(fee.flex.rate),
    fixed: fee.fixed === null ? '0' : show(fee.fixed),
    minAmount: show(limits.min),
    maxAmount: show(limits.max),
  };
}

/**
 * An asset's terms on the network a deposit or withdrawal uses when the request names none: its
 * default, its only one, or (where one must be named) its first. Undefined for an asset without networks.
 */
function accountFee(asset: AssetSpec): Static<typeof AccountFee> | undefined {
  const n = asset.networks.find((x) => x.name === asset.defaultNetwork) ?? asset.networks[0];
  if (n === undefined) return undefined;
  return {
    ticker: asset.ticker,
    name: asset.name,
    can_deposit: asset.canDeposit && n.canDeposit,
    can_withdraw: asset.canWithdraw && n.canWithdraw,
    deposit: terms(n.deposit, n.depositFee, asset.precision),
    withdraw: terms(n.withdraw, n.withdrawFee, asset.precision),
    network: n.name,
  };
}

/** `main-account/fee`: every asset's deposit and withdrawal terms, by ticker (docs/decisions.md). */
export const mainAccountFeeRoute = defineRoute(mainAccountFee, (app: FastifyInstance, { venue }: RouteDeps) => {
  app.post(mainAccountFee.path, { config: { endpoint: mainAccountFee } }, async (_request, reply) => {
    const assets = assetsByTicker(venue.state);
    const body = assets.map(accountFee).filter((e) => e !== undefined);
    // the nonce of the request is durable before the answer, as on every private read
    await venue.barrier();
    return reply.send(body);
  });
});
