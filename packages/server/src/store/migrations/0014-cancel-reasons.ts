import type { Kysely, Migration } from 'kysely';

/**
 * Why a finished order was cancelled, where the reference names a status for it (`stp`,
 * `reduce-only`, `liquidation`: core's CancelReason); null for every other end. Orders finished
 * before it was kept read null, the plain cancel they were shown as.
 */
export function cancelReasons(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('finished_orders')
        .addColumn('cancel_reason', 'text', (c) => c.defaultTo(null))
        .execute();
    },
  };
}
