import { assetsV2 } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { assetUuid } from '../../../../market-data/asset-uuid.js';
import { assetsByTicker } from '../../../../market-data/public-views.js';
import { publicCache } from '../../../../market-data/public-cache.js';
import { assetStatus } from '../../../../wallet/asset-status.js';
import type { RouteDeps } from '../../route-deps.js';
import { defineRoute } from '../../../route-module.js';

/**
 * API V2 asset status: per ticker the V4 asset status's flags, withdrawal bounds and fees, with a
 * stable id and when the answer was made; cached 1 second.
 */
export const assetsV2Route = defineRoute(assetsV2, (app: FastifyInstance, { venue }: RouteDeps) => {
  const cache = publicCache<unknown>(venue, 1000);
  app.get(assetsV2.path, { config: { endpoint: assetsV2 } }, async (_request, reply) => {
    await venue.barrier();
    const result = cache.get('all', () => {
      const lastUpdateTimestamp = new Date(venue.clock.nowMs()).toISOString();
      const out: Record<string, unknown> = {};
      for (const asset of assetsByTicker(venue.state)) {
        const s = assetStatus(asset);
        out[asset.ticker] = {
          id: assetUuid(asset.ticker),
          lastUpdateTimestamp,
          name: s.name,
          canWithdraw: s.can_withdraw,
          canDeposit: s.can_deposit,
          minWithdrawal: s.min_withdraw,
          maxWithdrawal: s.max_withdraw,
          makerFee: s.maker_fee,
          takerFee: s.taker_fee,
        };
      }
      return out;
    });
    return reply.send({ success: true, message: null, result });
  });
});
