import { existsSync } from 'node:fs';
import { AdminError } from './admin-input.js';
import type { DemoKeys } from '../demo/seed.js';
import { CREDENTIALS_META } from '../demo/stored-credentials.js';
import type { Venue } from '../venue/venue.js';
import { descriptionFile, readDescription, readRows } from './saved-state-files.js';
import { INITIAL_STATE, loadSavedState, saveState, writeRows, type SavedStateView } from './saved-states.js';

/** Saves a freshly seeded demo venue as its first state, once: what `reset` goes back to. */
export async function recordInitialState(venue: Venue, dir: string): Promise<void> {
  if (existsSync(descriptionFile(dir, INITIAL_STATE))) return;
  await saveState(venue, dir, { name: INITIAL_STATE }, false);
}

/**
 * Puts the demo keys issued at this start into the first state, in place of those a lost master key
 * took from it (`txc master-key forget`): a reset would otherwise bring back the dropped credentials,
 * and the keys the credentials file names would be gone until the next start issued others. API keys
 * and the credentials are table rows outside the journal, so the state's seq and hash stay true.
 */
export async function carryDemoKeys(venue: Venue, dir: string, keys: DemoKeys): Promise<void> {
  if (!existsSync(descriptionFile(dir, INITIAL_STATE))) return;
  const now = await venue.exclusive(({ store }) => store.readVenueTables());
  const credentials = (now.meta ?? []).filter((row) => row.key === CREDENTIALS_META);
  const initial = readRows(dir, INITIAL_STATE);
  const issued = new Set([keys.apiKey, keys.eea.apiKey]);
  writeRows(dir, readDescription(dir, INITIAL_STATE), {
    ...initial,
    api_keys: [...(initial.api_keys ?? []), ...(now.api_keys ?? []).filter((row) => issued.has(String(row.api_key)))],
    meta: [...(initial.meta ?? []).filter((row) => row.key !== CREDENTIALS_META), ...credentials],
  });
}

/** `POST /admin/v1/reset`: a demo venue back to its first state. */
export async function resetDemo(venue: Venue, dir: string): Promise<SavedStateView> {
  if (!existsSync(descriptionFile(dir, INITIAL_STATE))) {
    // the first state is saved only as the seed lands in an empty store: it cannot be made again later
    if ((await venue.store.getMeta(CREDENTIALS_META)) !== undefined) {
      throw new AdminError(
        'adminConflict',
        `Reset returns a demo venue to its first state, and this one's is missing from ${dir}: put ` +
          `${INITIAL_STATE}.json and ${INITIAL_STATE}.rows.json.gz back from a copy, or start --demo on an empty data dir.`,
      );
    }
    throw new AdminError(
      'adminConflict',
      'Reset returns a demo venue to its first state: this venue was not seeded by --demo here.',
    );
  }
  return loadSavedState(venue, dir, INITIAL_STATE);
}
