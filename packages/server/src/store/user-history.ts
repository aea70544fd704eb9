import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from './database.js';

/*
 * A user's deals and finished orders, found through per-user tables that catch up with the history
 * every few thousand rows rather than through indexes that every group commit writes: with many
 * users trading, a commit wrote one leaf of each such index per user in it, a third of what the
 * commit wrote. Each table holds the keys of the rows up to its cursor (a meta value); the rows past
 * it are the tail, which the reads below take from the history itself, found by its own ascending
 * key (a trade id, a journal seq) as few pages at the end of an index. A catch-up runs inside a
 * group commit and moves the cursor in the same transaction, so a read (one statement, one
 * snapshot) sees every committed row exactly once.
 */

/** The meta keys of the two cursors: the last trade id, and the last finishing seq, taken in. */
export const USER_HISTORY_CURSORS = {
  deals: 'user_history.deals',
  finishedOrders: 'user_history.finished_orders',
} as const;

/** History rows written between two catch-ups, unless configured otherwise: the most a read takes from the tail. */
export const USER_HISTORY_CATCH_UP_EVERY = 4096;

/** The catch-up, in statements without parameters that both dialects run as they are. */
export const USER_HISTORY_CATCH_UP: readonly string[] = [
  'insert into "user_deals" ("user_name", "trade_id", "role") ' +
    'select "user_name", "trade_id", "role" from "deals" ' +
    `where "trade_id" > (select cast("value" as bigint) from "meta" where "key" = '${USER_HISTORY_CURSORS.deals}')`,
  'update "meta" set "value" = cast((select coalesce(max("trade_id"), 0) from "deals") as text) ' +
    `where "key" = '${USER_HISTORY_CURSORS.deals}'`,
  'insert into "user_finished_orders" ("user_name", "order_id") ' +
    'select "user_name", "order_id" from "finished_orders" ' +
    `where "seq" > (select cast("value" as bigint) from "meta" where "key" = '${USER_HISTORY_CURSORS.finishedOrders}')`,
  'update "meta" set "value" = cast(coalesce((select max("seq") from "finished_orders"), 0) as text) ' +
    `where "key" = '${USER_HISTORY_CURSORS.finishedOrders}'`,
];

function cursor(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('meta')
    .select(sql<number>`cast("value" as bigint)`.as('cursor'))
    .where('key', '=', key);
}

/**
 * The tail, found by its key range alone. The callers' filters (a market, a time range) would
 * otherwise be pushed down into it, and SQLite, without statistics, prefers an index on such a
 * column (all of a market's deals) to the short range at the end of the key; a subquery with a
 * LIMIT takes no filter from outside, in either database.
 */
function tailOnly<T>(db: Kysely<Database>, tail: SelectQueryBuilder<Database, keyof Database, T>) {
  return db.selectFrom(tail.limit(Number.MAX_SAFE_INTEGER).as('tail')).selectAll();
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
] as const;

/*
 * Each part lists its columns, the key first and taken from the per-user table: ordered by that key,
 * the indexed part is read in the order of the per-user table's primary key and a page stops after
 * its rows, where rows ordered by a column of the joined history would all be read and sorted first.
 */

/** Every deal of `user` (one row per side the user was on), as a table named `deals` to filter and order. */
export function userDeals(db: Kysely<Database>, user: string) {
  const indexed = db
    .selectFrom('user_deals as u')
    .innerJoin('deals as d', (j) => j.onRef('d.trade_id', '=', 'u.trade_id').onRef('d.role', '=', 'u.role'))
    .select(['u.trade_id', 'u.role', ...DEAL_FIELDS.map((c) => `d.${c}` as const)])
    .where('u.user_name', '=', user);
  const tail = db
    .selectFrom('deals')
    .select(['trade_id', 'role', ...DEAL_FIELDS])
    .where('trade_id', '>', cursor(db, USER_HISTORY_CURSORS.deals))
    .where('user_name', '=', user);
  return db.selectFrom(indexed.unionAll(tailOnly(db, tail)).as('deals')).selectAll();
}

/** Every finished order of `user`, as a table named `finished_orders` to filter and order. */
export function userFinishedOrders(db: Kysely<Database>, user: string) {
  const indexed = db
    .selectFrom('user_finished_orders as u')
    .innerJoin('finished_orders as f', 'f.order_id', 'u.order_id')
    .select(['u.order_id', ...FINISHED_ORDER_FIELDS.map((c) => `f.${c}` as const)])
    .where('u.user_name', '=', user);
  const tail = db
    .selectFrom('finished_orders')
    .select(['order_id', ...FINISHED_ORDER_FIELDS])
    .where('seq', '>', cursor(db, USER_HISTORY_CURSORS.finishedOrders))
    .where('user_name', '=', user);
  return db.selectFrom(indexed.unionAll(tailOnly(db, tail)).as('finished_orders')).selectAll();
}
