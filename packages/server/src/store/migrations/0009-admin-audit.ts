import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationDialect } from './dialect.js';

const APPEND_ONLY = 'admin_audit is append-only';

/**
 * The admin audit log. The database itself refuses to change or remove a line, so that neither a
 * bug in txc nor a stray statement can rewrite what operators did; only dropping the table (a
 * schema change, visible as such) could.
 */
export function adminAudit(d: MigrationDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('admin_audit')
        .addColumn('id', d.kind === 'sqlite' ? 'integer' : 'bigserial', (c) =>
          d.kind === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
        )
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('time', sql.raw(d.int64), (c) => c.notNull())
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('body', 'text')
        .addColumn('status', 'integer')
        .execute();
      await db.schema.createIndex('admin_audit_by_time').on('admin_audit').column('time').execute();
      if (d.kind === 'sqlite') {
        for (const op of ['UPDATE', 'DELETE']) {
          await sql
            .raw(
              `CREATE TRIGGER admin_audit_no_${op.toLowerCase()} BEFORE ${op} ON admin_audit ` +
                `BEGIN SELECT RAISE(ABORT, '${APPEND_ONLY}'); END`,
            )
            .execute(db);
        }
        return;
      }
      await sql
        .raw(
          `CREATE FUNCTION txc_admin_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS ` +
            `$$ BEGIN RAISE EXCEPTION '${APPEND_ONLY}'; END $$`,
        )
        .execute(db);
      await sql
        .raw(
          'CREATE TRIGGER admin_audit_no_change BEFORE UPDATE OR DELETE ON admin_audit ' +
            'FOR EACH ROW EXECUTE FUNCTION txc_admin_audit_append_only()',
        )
        .execute(db);
      await sql
        .raw(
          'CREATE TRIGGER admin_audit_no_truncate BEFORE TRUNCATE ON admin_audit ' +
            'FOR EACH STATEMENT EXECUTE FUNCTION txc_admin_audit_append_only()',
        )
        .execute(db);
    },
  };
}
