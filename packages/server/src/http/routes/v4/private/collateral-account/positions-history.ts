import { decodeJson, formatUnits, type PositionChanged } from '@txc/core';
import { collateralPositionsHistory } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { entryPrice } from '../../../../../account-views/collateral-views.js';

import type { ViewRouteDeps } from '../../../route-deps.js';
import type { VenueView } from '../../../../../venue/venue-view.js';
import { defineRoute } from '../../../../route-module.js';
import { FieldValidation } from '../../../../validation/field-validation.js';
import { boundedInteger } from '../../../../validation/order-fields/bounded-integer.js';
import { tradingMarket } from '../../../../validation/order-fields/market.js';

/** One state of a position as the history lists it (reference §6, "Positions History"). */
function stateBody(venue: VenueView, e: PositionChanged): Record<string, unknown> {
  const state = venue.state;
  const spec = state.markets.get(e.market);
  const stockPrec = spec?.stockPrec ?? 0;
  const moneyPrec = spec?.moneyPrec ?? 0;
  const money = spec === undefined ? 0 : (state.assets.get(spec.money)?.precision ?? 0);
  const fine = Math.max(stockPrec + moneyPrec, money);
  return {
    positionId: e.positionId,
    market: e.market,
    openDate: e.openedAt / 1_000_000,
    modifyDate: e.time / 1_000_000,
    amount: formatUnits(BigInt(e.size), stockPrec),
    basePrice: entryPrice(state, e.market, e.size, e.basis),
    realizedFunding: formatUnits(e.fundingTotal, money),
    realizedPnl: formatUnits(e.realizedTotal, fine),
    liquidationPrice: null,
    liquidationState: null,
    orderDetail: {
      // auto-deleveraging closes positions without an order
      id: e.source === 'adl' ? null : e.orderId,
      tradeAmount: formatUnits(BigInt(e.lots), stockPrec),
      price: formatUnits(BigInt(e.price), moneyPrec),
      tradeFee: formatUnits(e.fee, money),
      fundingFee: formatUnits(e.funding, money),
      realizedPnl: formatUnits(e.realized, fine),
      ...(e.source === undefined ? {} : { source: e.source }),
    },
    positionSide: e.positionSide,
  };
}

/**
 * Every state the caller's positions went through, newest first: filtered by `market`,
 * `positionId`, `startDate` / `endDate` (Unix seconds, inclusive); `limit` 1–100 (50), `offset`
 * 0–10000.
 */
export const collateralPositionsHistoryRoute = defineRoute(
  collateralPositionsHistory,
  (app: FastifyInstance, { venue }: ViewRouteDeps) => {
    app.post(
      collateralPositionsHistory.path,
      { config: { endpoint: collateralPositionsHistory } },
      async (request, reply) => {
        const body = request.body as Record<string, unknown>;
        const v = new FieldValidation(body);
        const spec = tradingMarket(v, venue.state, { required: false, spotOnly: false });
        const positionId = boundedInteger(v, 'positionId', 0, 1, Number.MAX_SAFE_INTEGER);
        const startDate = boundedInteger(v, 'startDate', 0, 0, Number.MAX_SAFE_INTEGER);
        const endDate = boundedInteger(v, 'endDate', 0, 0, Number.MAX_SAFE_INTEGER);
        const limit = boundedInteger(v, 'limit', 50, 1, 100);
        const offset = boundedInteger(v, 'offset', 0, 0, 10_000);
        if (v.failed) return sendError(reply, 'orderValidation', { errors: v.errors });
        const rows = await venue.readDurable((store) => {
          let q = store.db
            .selectFrom('position_changes')
            .selectAll()
            .where('user_name', '=', request.auth?.user ?? '');
          if (spec !== undefined) q = q.where('market', '=', spec.name);
          if (positionId > 0) q = q.where('position_id', '=', positionId);
          if (startDate > 0) q = q.where('time', '>=', startDate * 1_000_000);
          if (endDate > 0) q = q.where('time', '<', (endDate + 1) * 1_000_000);
          return q.orderBy('change_id', 'desc').limit(limit).offset(offset).execute();
        });
        return reply.send(rows.map((r) => stateBody(venue, decodeJson(r.data) as PositionChanged)));
      },
    );
  },
);
