import { formatUnits, rateToPercent } from '@txc/core';
import { markets } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { marketsByName } from '../../../../market-data/public-views.js';
import type { RouteDeps } from '../../route-deps.js';

/** Reference §4.4: every market open for trading; precisions as strings, fees as percents. */
export function marketsRoute(app: FastifyInstance, { venue }: RouteDeps): void {
  app.get(markets.path, { config: { endpoint: markets } }, async (_request, reply) => {
    const state = venue.state;
    const body = marketsByName(state)
      .filter((m) => m.tradesEnabled)
      .map((m) => {
        const money = state.assets.get(m.money)?.precision ?? 0;
        return {
          name: m.name,
          stock: m.stock,
          money: m.money,
          stockPrec: String(m.stockPrec),
          moneyPrec: String(m.moneyPrec),
          feePrec: String(m.feePrec),
          makerFee: rateToPercent(m.makerFee),
          takerFee: rateToPercent(m.takerFee),
          minAmount: formatUnits(m.minAmount, m.stockPrec),
          minTotal: formatUnits(m.minTotal, money),
          maxTotal: formatUnits(m.maxTotal, money),
          tradesEnabled: m.tradesEnabled,
          isCollateral: m.isCollateral,
          type: m.type,
          isTradFiFutures: false,
          delistedAt: null,
        };
      });
    await venue.barrier();
    return reply.send(body);
  });
}
