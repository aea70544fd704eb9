import type { State } from '@txc/core';
import { commitBatch } from '../../store/commit-batch.js';
import type { Store } from '../../store/port.js';
import { CandleProjection, secondsOf, type TouchedCandles } from './candle-projection.js';
import { ROLE_TAKER } from './projector.js';

/**
 * The meta key set once the candles hold every deal of the store: the last trade id the rebuild
 * took in. From then on each group commit writes the candles of its own trades.
 */
export const CANDLES_BUILT = 'candles.built';

const PAGE = 10_000;

/**
 * Gives the venue its candles projection. A store that has never had candles (one written before
 * they existed, or whose rebuild was cut short) gets them from its deals first: every trade once,
 * by its taker's row, in trade order, a page per commit; the candles a page changed are written
 * whole, so a rebuild begun again after a crash writes the same rows.
 */
export async function openCandles(store: Store, state: State): Promise<CandleProjection> {
  const projection = new CandleProjection();
  if ((await store.getMeta(CANDLES_BUILT)) === undefined) {
    let after = 0;
    for (;;) {
      const rows = await store.db
        .selectFrom('deals')
        .select(['trade_id', 'market', 'price', 'lots', 'notional', 'time'])
        .where('role', '=', ROLE_TAKER)
        .where('trade_id', '>', after)
        .orderBy('trade_id')
        .limit(PAGE)
        .execute();
      if (rows.length === 0) break;
      const touched: TouchedCandles = new Set();
      for (const r of rows) {
        const trade = {
          time: secondsOf(Number(r.time)),
          price: Number(r.price),
          lots: BigInt(r.lots),
          notional: BigInt(r.notional),
        };
        projection.add(r.market, trade, touched);
      }
      await store.commit(commitBatch({ projections: projection.writes(touched, state) }));
      after = Number(rows.at(-1)!.trade_id);
    }
    await store.commit(commitBatch({ meta: new Map([[CANDLES_BUILT, String(after)]]) }));
  }
  await projection.load(store, state);
  return projection;
}
