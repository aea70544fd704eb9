import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AdminError } from './admin-input.js';
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
    throw new AdminError(
      'adminConflict',
      'Reset returns a demo venue to its first state: this venue was not seeded by --demo here.',
    );
  }
  return loadSavedState(venue, dir, INITIAL_STATE);
}
