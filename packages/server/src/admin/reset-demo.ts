import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AdminError } from './admin-input.js';
import { CREDENTIALS_META } from '../demo/stored-credentials.js';
import type { Venue } from '../venue/venue.js';
import { INITIAL_STATE, loadSavedState, saveState, type SavedStateView } from './saved-states.js';

/** Saves a freshly seeded demo venue as its first state, once: what `reset` goes back to. */
export async function recordInitialState(venue: Venue, dir: string): Promise<void> {
  if (existsSync(join(dir, `${INITIAL_STATE}.json`))) return;
  await saveState(venue, dir, { name: INITIAL_STATE }, false);
}

/** `POST /admin/v1/reset`: a demo venue back to its first state. */
export async function resetDemo(venue: Venue, dir: string): Promise<SavedStateView> {
  if (!existsSync(join(dir, `${INITIAL_STATE}.json`))) {
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
