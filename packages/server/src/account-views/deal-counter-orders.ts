import type { Kysely } from 'kysely';
import type { Database, DealsTable } from '../store/database.js';
import { ROLE_MAKER, ROLE_TAKER } from '../venue/projection/projector.js';

/**
 * The order on the other side of each deal of `rows` (0 where none is recorded), read in one query:
 * each trade is two rows of the deals table, one a side.
 */
export async function counterOrdersOf(
  db: Kysely<Database>,
  rows: readonly DealsTable[],
): Promise<(row: DealsTable) => number> {
  const ids = rows.map((r) => Number(r.trade_id));
  const orders = new Map<string, number>();
  if (ids.length > 0) {
    const sides = await db
      .selectFrom('deals')
      .select(['trade_id', 'role', 'order_id'])
      .where('trade_id', 'in', ids)
      .execute();
    for (const c of sides) orders.set(`${Number(c.trade_id)}:${Number(c.role)}`, Number(c.order_id));
  }
  return (row) => {
    const other = Number(row.role) === ROLE_MAKER ? ROLE_TAKER : ROLE_MAKER;
    return orders.get(`${Number(row.trade_id)}:${other}`) ?? 0;
  };
}
