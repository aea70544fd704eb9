import { CANCEL_REASONS, decodeFinishedOrder, type CancelReason, type OrderView } from '@txc/core';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, FinishedOrdersTable } from './database.js';
import type { Store } from './port.js';

/*
 * A user's deals and finished orders, found through per-user tables that catch up with the history
 * every few thousand rows rather than through indexes that every group commit writes: with many
 * users trading, a commit wrote one leaf of each such index per user in it, a third of what the
 * commit wrote. Each table holds the keys of the rows up to its cursor (a meta value); the rows past
 * it are the tail, which the reads below take from the history itself, found by its own ascending
 * key (a trade id, a journal seq) as few pages at the end of an index. A catch-up runs inside a
 * group commit and moves the cursor in the same transaction.
 */

/** The meta keys of the two cursors: the last trade id, and the last finishing seq, taken in. */
export const USER_HISTORY_CURSORS = {
  deals: 'user_history.deals',
  finishedOrders: 'user_history.finished_orders',
} as const;

const MOVE_CURSORS = [
  'update "meta" set "value" = cast((select coalesce(max("trade_id"), 0) from "deals") as text) ' +
    `where "key" = '${USER_HISTORY_CURSORS.deals}'`,
  'update "meta" set "value" = cast(coalesce((select max("seq") from "finished_orders"), 0) as text) ' +
    `where "key" = '${USER_HISTORY_CURSORS.finishedOrders}'`,
];

/**
 * The catch-up as plain statements, for SQLite's writer thread (which runs SQL texts): SQLite takes
 * the range at the end of each index whether the cursor comes as a value or a subquery.
 */
export const USER_HISTORY_CATCH_UP: readonly string[] = [
  'insert into "user_deals" ("user_name", "trade_id", "role") ' +
    'select "user_name", "trade_id", "role" from "deals" ' +
    `where "trade_id" > (select cast("value" as bigint) from "meta" where "key" = '${USER_HISTORY_CURSORS.deals}')`,
  'insert into "user_finished_orders" ("user_name", "order_id") ' +
    'select "user_name", "order_id" from "finished_orders" ' +
    `where "seq" > (select cast("value" as bigint) from "meta" where "key" = '${USER_HISTORY_CURSORS.finishedOrders}')`,
  ...MOVE_CURSORS,
];

/**
 * The same catch-up inside a transaction of the Kysely store (PostgreSQL), with the cursors read
 * first and passed as values: given a subquery, PostgreSQL plans the range as a third of the
 * history and scans all of it.
 */
export async function catchUpUserHistory(trx: Kysely<Database>): Promise<void> {
  const dealsAfter = await cursor(trx, USER_HISTORY_CURSORS.deals);
  const ordersAfter = await cursor(trx, USER_HISTORY_CURSORS.finishedOrders);
  await trx
    .insertInto('user_deals')
    .columns(['user_name', 'trade_id', 'role'])
    .expression(trx.selectFrom('deals').select(['user_name', 'trade_id', 'role']).where('trade_id', '>', dealsAfter))
    .execute();
  await trx
    .insertInto('user_finished_orders')
    .columns(['user_name', 'order_id'])
    .expression(trx.selectFrom('finished_orders').select(['user_name', 'order_id']).where('seq', '>', ordersAfter))
    .execute();
  for (const text of MOVE_CURSORS) await sql.raw(text).execute(trx);
}

/** A cursor as it stands: every key up to it is in its per-user table. */
async function cursor(db: Kysely<Database>, key: string): Promise<number> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
  return Number(row?.value ?? 0);
}

/**
 * A part of a read that takes no filter from outside (with `fence`): a subquery with a LIMIT, in
 * either database. The tail needs it: SQLite, without statistics, would prefer an index on a
 * filtered column (all of a market's deals) to the short range at the end of the key.
 */
function fenced<DB, TB extends keyof DB, O>(db: Kysely<Database>, q: SelectQueryBuilder<DB, TB, O>, fence = true) {
  return db.selectFrom((fence ? q.limit(Number.MAX_SAFE_INTEGER) : q).as('fenced')).selectAll();
}

/** The columns of a deal other than its key (trade id, role). */
const DEAL_FIELDS = [
  'market',
  'user_name',
  'account',
  'order_id',
  'client_order_id',
  'side',
  'price',
  'lots',
  'notional',
  'fee',
  'rpi',
  'time',
] as const;

/** The columns of a finished order other than its id. */
const FINISHED_ORDER_FIELDS = [
  'user_name',
  'market',
  'client_order_id',
  'status',
  'created',
  'finished',
  'data',
  'seq',
  'cancel_reason',
] as const;

/*
 * Each part lists its columns, the key first and taken from the per-user table: ordered by that key,
 * the indexed part is read in the order of the per-user table's primary key and a page stops after
 * its rows, where rows ordered by a column of the joined history would all be read and sorted first.
 *
 * The cursor is read before the query, so that each database plans the tail's range with its
 * value (PostgreSQL, given a subquery, would guess a third of the table and scan all of it). A
 * catch-up may land in between: the tail then leaves out the rows the keys already hold, so that a
 * read sees every row exactly once whatever cursor it started from.
 *
 * The part the keys answer is fenced on PostgreSQL, which would otherwise push a caller's filter
 * into it and, estimating that a client order id matches a row or two, start from the history
 * filtered by it (the whole table) rather than from the user's keys. SQLite walks the keys in their
 * order, so that a page stops once it has its rows. PostgreSQL does so when the fenced part is
 * ordered by the key inside the fence (see HistoryWalk).
 */

/**
 * How a read takes a user's keys on PostgreSQL. `newest-first`: in the order of the per-user table's
 * key, newest first, so that a page ordered the same way stops after its rows instead of reading and
 * sorting the user's whole history. `whole`: all at once, for a read that looks for a few rows
 * anywhere in the history (a client order id), which a hash join finds faster than a walk. SQLite
 * always walks.
 */
export type HistoryWalk = 'newest-first' | 'whole';

/** The walk of a history read: whole for a client order id (a few rows anywhere), newest first otherwise. */
export function walkFor(clientOrderId: string): HistoryWalk {
  return clientOrderId === '' ? 'newest-first' : 'whole';
}

/** Every deal of `user` (one row per side the user was on), as a table named `deals` to filter and order. */
export async function userDeals(store: Pick<Store, 'db' | 'kind'>, user: string, walk: HistoryWalk = 'newest-first') {
  const db = store.db;
  const after = await cursor(db, USER_HISTORY_CURSORS.deals);
  const indexed = db
    .selectFrom('user_deals as u')
    .innerJoin('deals as d', (j) => j.onRef('d.trade_id', '=', 'u.trade_id').onRef('d.role', '=', 'u.role'))
    .select(['u.trade_id', 'u.role', ...DEAL_FIELDS.map((c) => `d.${c}` as const)])
    .where('u.user_name', '=', user)
    .$if(store.kind === 'postgres' && walk === 'newest-first', (q) =>
      q.orderBy('u.trade_id', 'desc').orderBy('u.role', 'asc'),
    );
  const tail = db
    .selectFrom('deals as t')
    .select(['t.trade_id', 't.role', ...DEAL_FIELDS.map((c) => `t.${c}` as const)])
    .where('t.trade_id', '>', after)
    .where('t.user_name', '=', user)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_deals as k')
            .select('k.role')
            .where('k.user_name', '=', user)
            .whereRef('k.trade_id', '=', 't.trade_id')
            .whereRef('k.role', '=', 't.role'),
        ),
      ),
    );
  const keyed = fenced(db, indexed, store.kind === 'postgres');
  return db.selectFrom(keyed.unionAll(fenced(db, tail)).as('deals')).selectAll();
}

/** The columns of a finished order's record that make the order, with its text. */
export type FinishedOrderRow = Pick<
  FinishedOrdersTable,
  'order_id' | 'user_name' | 'market' | 'client_order_id' | 'status' | 'created' | 'finished' | 'data'
>;

/** The order a finished-order record holds (see encodeFinishedOrder). */
export function finishedOrderOf(row: FinishedOrderRow): OrderView {
  return decodeFinishedOrder(
    {
      id: row.order_id,
      user: row.user_name,
      market: row.market,
      clientOrderId: row.client_order_id,
      status: row.status as OrderView['status'],
      created: row.created,
      finished: row.finished,
    },
    row.data,
  );
}

/** A finished order and why it was cancelled (null: not for a reason the reference names). */
export interface FinishedOrder {
  readonly order: OrderView;
  readonly reason: CancelReason | null;
}

/** The order a finished-order record holds, with its cancel reason (none on records older than it). */
export function finishedOf(row: FinishedOrderRow & Pick<FinishedOrdersTable, 'cancel_reason'>): FinishedOrder {
  const reason = row.cancel_reason;
  return {
    order: finishedOrderOf(row),
    reason: CANCEL_REASONS.find((r) => r === reason) ?? null,
  };
}

/** Finished order `orderId` of `user` (its primary key: no per-user keys needed); undefined when none. */
export async function userFinishedOrder(
  store: Pick<Store, 'db'>,
  user: string,
  orderId: number,
): Promise<FinishedOrder | undefined> {
  const row = await store.db
    .selectFrom('finished_orders')
    .select(['order_id', ...FINISHED_ORDER_FIELDS])
    .where('order_id', '=', orderId)
    .where('user_name', '=', user)
    .executeTakeFirst();
  return row === undefined ? undefined : finishedOf(row);
}

/** Every finished order of `user`, as a table named `finished_orders` to filter and order. */
export async function userFinishedOrders(
  store: Pick<Store, 'db' | 'kind'>,
  user: string,
  walk: HistoryWalk = 'newest-first',
) {
  const db = store.db;
  const after = await cursor(db, USER_HISTORY_CURSORS.finishedOrders);
  const indexed = db
    .selectFrom('user_finished_orders as u')
    .innerJoin('finished_orders as f', 'f.order_id', 'u.order_id')
    .select(['u.order_id', ...FINISHED_ORDER_FIELDS.map((c) => `f.${c}` as const)])
    .where('u.user_name', '=', user)
    .$if(store.kind === 'postgres' && walk === 'newest-first', (q) => q.orderBy('u.order_id', 'desc'));
  const tail = db
    .selectFrom('finished_orders as t')
    .select(['t.order_id', ...FINISHED_ORDER_FIELDS.map((c) => `t.${c}` as const)])
    .where('t.seq', '>', after)
    .where('t.user_name', '=', user)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_finished_orders as k')
            .select('k.order_id')
            .where('k.user_name', '=', user)
            .whereRef('k.order_id', '=', 't.order_id'),
        ),
      ),
    );
  const keyed = fenced(db, indexed, store.kind === 'postgres');
  return db.selectFrom(keyed.unionAll(fenced(db, tail)).as('finished_orders')).selectAll();
}
