import { formatUnits, rateToDecimal, type MarketSpec, type State } from '@txc/core';
import type { FundingPayment } from '@txc/sdk';
import type { Store } from '../store/port.js';
import { priceText } from './futures-view.js';

export interface Page {
  readonly limit: number;
  readonly offset: number;
}

/** Microseconds, inclusive bounds; undefined leaves that side open. */
export interface Window {
  readonly from?: number;
  readonly to?: number;
}

const mark = (spec: MarketSpec, num: string | number, den: string | number): string =>
  priceText(spec, { num: BigInt(num), den: BigInt(den) });

/** Reference §4.12: a perpetual's settlements, newest first, times in seconds. */
export async function publicFundingHistory(
  store: Store,
  spec: MarketSpec,
  window: Window,
  page: Page,
): Promise<Record<string, string>[]> {
  let q = store.db.selectFrom('funding_settlements').selectAll().where('market', '=', spec.name);
  if (window.from !== undefined) q = q.where('settled_at', '>=', window.from);
  if (window.to !== undefined) q = q.where('settled_at', '<=', window.to);
  const rows = await q.orderBy('settled_at', 'desc').limit(page.limit).offset(page.offset).execute();
  return rows.map((r) => ({
    fundingTime: String(Math.floor(Number(r.settled_at) / 1_000_000)),
    fundingRate: rateToDecimal(BigInt(r.rate)),
    market: r.market,
    settlementPrice: mark(spec, r.mark_num, r.mark_den),
    rateCalculatedTime: String(Math.floor(Number(r.period_start) / 1_000_000)),
  }));
}

/** One account's funding payments, newest first, times in milliseconds (the shape ccxt reads). */
export async function accountFundingHistory(
  store: Store,
  state: State,
  user: string,
  market: string | undefined,
  window: Window,
  page: Page,
): Promise<FundingPayment[]> {
  let q = store.db.selectFrom('funding_payments').selectAll().where('user_name', '=', user);
  if (market !== undefined) q = q.where('market', '=', market);
  if (window.from !== undefined) q = q.where('settled_at', '>=', window.from);
  if (window.to !== undefined) q = q.where('settled_at', '<=', window.to);
  const rows = await q
    .orderBy('settled_at', 'desc')
    .orderBy('position_id', 'asc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const out: FundingPayment[] = [];
  for (const r of rows) {
    const spec = state.markets.get(r.market);
    if (spec === undefined) continue;
    const money = state.assets.get(spec.money)?.precision ?? 0;
    out.push({
      market: r.market,
      fundingTime: String(Math.floor(Number(r.settled_at) / 1000)),
      fundingRate: rateToDecimal(BigInt(r.rate)),
      fundingAmount: formatUnits(BigInt(r.amount), money),
      positionAmount: formatUnits(BigInt(r.size), spec.stockPrec),
      settlementPrice: mark(spec, r.mark_num, r.mark_den),
      rateCalculatedTime: String(Math.floor(Number(r.period_start) / 1000)),
      positionId: Number(r.position_id),
      positionSide: r.position_side,
    });
  }
  return out;
}
