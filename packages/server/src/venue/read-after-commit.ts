import type { Store } from '../store/port.js';
import { CommittedUnreadError, isUnavailable } from './sequencer/unavailable.js';
import type { VenueView } from './venue-view.js';

/**
 * A read of the store that completes the answer to a command already committed (how an order
 * ended, as its history record keeps it). When the store cannot answer it in time the command still
 * stands: the request fails as committed but unread (503; on a socket "do not send it again"),
 * never as one that may simply be sent again.
 */
export async function readAfterCommit<T>(venue: VenueView, read: (store: Store) => Promise<T>): Promise<T> {
  try {
    return await venue.readDurable(read);
  } catch (error) {
    // the seq the venue had reached: the command's, or one after it
    if (isUnavailable(error)) throw new CommittedUnreadError(venue.state.seq);
    throw error;
  }
}
