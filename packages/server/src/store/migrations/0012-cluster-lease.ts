import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationDialect } from './dialect.js';

/** Every table a venue writes when this migration ships: each is fenced by the lease. */
const VENUE_TABLES = [
  'journal',
  'snapshots',
  'api_keys',
  'api_nonces',
  'api_window_nonces',
  'meta',
  'admin_audit',
  'wallet_transactions',
  'mining_rewards',
  'deals',
  'finished_orders',
  'user_deals',
  'user_finished_orders',
  'position_changes',
  'funding_settlements',
  'funding_payments',
  'candles',
];

/**
 * The leadership lease of a cluster of engine nodes (cluster/lease.ts), and on PostgreSQL the fence
 * that makes it safe: every statement that writes a venue table first checks, in its own
 * transaction, that the session's lease epoch (the `txc.lease_epoch` setting of its connection) is
 * still the current one, holding the lease row against a takeover until that transaction ends. A
 * leader that was paused or cut off while another took over can then commit nothing more. A session
 * without an epoch (a single server, a CLI tool) may write only while no engine node holds a live
 * lease. The journal also notifies `txc_journal` on every commit that adds to it: standbys follow.
 */
export function clusterLease(d: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('cluster_lease')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        // names the cluster on its NATS server: the subjects of two clusters sharing one never meet
        .addColumn('cluster', 'text', (c) => c.notNull())
        .addColumn('epoch', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('holder', 'text')
        .addColumn('expires_at', d.kind === 'sqlite' ? sql.raw('integer') : sql.raw('timestamptz'))
        .execute();
      if (d.kind !== 'postgres') return;
      await sql
        .raw(
          `create function txc_fence() returns trigger language plpgsql as $$
           declare
             wanted text := nullif(current_setting('txc.lease_epoch', true), '');
             lease record;
           begin
             select epoch, holder, expires_at > clock_timestamp() as live into lease
               from cluster_lease where id = 1 for share;
             if wanted is null then
               if lease.live then
                 raise exception 'engine node % holds this database''s lease: write through the cluster', lease.holder
                   using errcode = 'TXC01';
               end if;
             elsif lease.epoch is distinct from wanted::bigint then
               raise exception 'lease epoch % is no longer held (now %, held by %)', wanted, lease.epoch, lease.holder
                 using errcode = 'TXC01';
             end if;
             return null;
           end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create function txc_journal_notify() returns trigger language plpgsql as $$
           begin
             perform pg_notify('txc_journal', '');
             return null;
           end $$`,
        )
        .execute(db);
      for (const table of VENUE_TABLES) {
        await sql
          .raw(
            `create trigger ${table}_fence before insert or update or delete or truncate on ${table}
               for each statement execute function txc_fence()`,
          )
          .execute(db);
      }
      await sql
        .raw(
          `create trigger journal_notify after insert on journal for each statement execute function txc_journal_notify()`,
        )
        .execute(db);
    },
  };
}
