/** The store's meta entry naming the id of the master key its secrets are sealed under. */
export const MASTER_KEY_ID_META = 'secrets.master-key-id';
