/**
 * The store was migrated by a newer txc: what its migrations changed, this version cannot know, so it
 * neither reads nor writes it. Said as the documentation says it, where the migrator would call the
 * store corrupt.
 */
export class NewerStoreError extends Error {
  override readonly name = 'NewerStoreError';

  constructor(unknown: readonly string[]) {
    super(`the store was written by a newer txc (migrations ${unknown.join(', ')}): run that version or a later one`);
  }
}
