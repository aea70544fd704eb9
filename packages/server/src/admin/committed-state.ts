import { stateHash } from '../venue/sequencer/state-hash.js';
import type { Venue } from '../venue/venue.js';

/** `GET /admin/v1/state`: the seq and hash of the committed state (what `txc replay` prints for the same journal). */
export async function committedState(venue: Venue): Promise<{ seq: number; hash: string }> {
  const state = venue.state;
  const answer = { seq: state.seq, hash: stateHash(state) };
  await venue.barrier();
  return answer;
}
