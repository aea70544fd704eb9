import type { Kysely, Migration } from 'kysely';

/**
 * The profile of the keys a main user makes for its sub-accounts (`sub-account/api-key/*`): their
 * id, title, type and endpoint settings, as JSON beside the key they describe. Other keys have none.
 */
export function subAccountKeys(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('api_keys').addColumn('sub_account_key', 'text').execute();
    },
  };
}
