import { accountFigures, accountView, assetValue, formatUnits, poolFree, type State } from '@txc/core';
import { collateralBalanceSummary } from '@txc/sdk';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../../../send-error.js';
import { collateralHoldings, readTime } from '../../../../trading/collateral-views.js';
import { OrderValidation } from '../../../../validation/order-validation.js';
import type { RouteDeps } from '../../../route-deps.js';
import { optionalTicker } from './ticker-field.js';

/** The assets collateral trading uses: those of collateral markets, and any the account holds or owes. */
function assetsOf(state: State, held: ReadonlyMap<string, bigint>, owed: ReadonlyMap<string, bigint>): string[] {
  const out = new Set([...held.keys(), ...owed.keys()]);
  for (const m of state.markets.values()) {
    if (!m.isCollateral || m.margin === undefined) continue;
    out.add(m.money);
    if (m.type === 'spot') out.add(m.stock);
  }
  return [...out].filter((t) => state.assets.has(t)).sort();
}

/**
 * Reference §6.3: per asset what the account holds (`balance`), owes (`borrow`), has free
 * (`availableWithoutBorrow`), and could use borrowing too (`availableWithBorrow`: its free margin
 * times its leverage, at the asset's index price, as far as the lending pool can lend).
 */
export function collateralBalanceSummaryRoute(app: FastifyInstance, { venue }: RouteDeps): void {
  app.post(
    collateralBalanceSummary.path,
    { config: { endpoint: collateralBalanceSummary } },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      const v = new OrderValidation(body);
      const ticker = optionalTicker(v, body, venue.state);
      if (v.failed) return sendError(reply, 'orderValidation', { errors: v.errors });
      const state = venue.state;
      const user = request.auth?.user ?? '';
      const held = collateralHoldings(state, user);
      const owed = new Map<string, bigint>();
      const account = accountView(state, user);
      for (const loan of account.loans.values()) {
        for (const [t, p] of loan.principal) owed.set(t, (owed.get(t) ?? 0n) + p);
      }
      const f = accountFigures(state, user, readTime(state, venue.clock.nowMicros()));
      const spare = f.equity > f.margin ? (f.equity - f.margin) * BigInt(account.leverage) : 0n;
      const free = state.users.get(user)?.collateral;
      const rows = (ticker === undefined ? assetsOf(state, held, owed) : [ticker]).map((t) => {
        const precision = state.assets.get(t)?.precision ?? 0;
        const available = free?.get(t) ?? 0n;
        const unit = assetValue(state, t, 1n);
        const lendable = poolFree(state, t);
        let borrowable = unit === undefined || unit === 0n ? 0n : spare / unit;
        if (borrowable > lendable) borrowable = lendable > 0n ? lendable : 0n;
        return {
          asset: t,
          balance: formatUnits(held.get(t) ?? 0n, precision),
          borrow: formatUnits(owed.get(t) ?? 0n, precision),
          availableWithoutBorrow: formatUnits(available, precision),
          availableWithBorrow: formatUnits(available + borrowable, precision),
        };
      });
      await venue.barrier();
      return reply.send(rows);
    },
  );
}
