/**
 * Another venue (a server, or a CLI command that writes) holds the database: two writers would
 * interleave their journals. Said in one line, with what the database knows of the holder.
 */
export class StoreClaimedError extends Error {
  override readonly name = 'StoreClaimedError';

  constructor(holder: string | undefined, advice = 'stop it first, or use its admin API') {
    super(`another txc venue holds this database${holder === undefined ? '' : ` (${holder})`}: ${advice}`);
  }
}
