import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readAfterCommit } from '../../src/venue/read-after-commit.js';
import { CommittedUnreadError, StoreUnavailableError } from '../../src/venue/sequencer/unavailable.js';
import type { VenueView } from '../../src/venue/venue-view.js';

/** A venue at `seq` whose store reads fail with `error` (only what readAfterCommit touches). */
function venueFailing(seq: number, error: Error): VenueView {
  return { state: { seq }, readDurable: () => Promise.reject(error) } as unknown as VenueView;
}

describe('a read completing a committed command’s answer (readAfterCommit)', () => {
  it('a store out of time or out of reach: committed but unread, never a request to send again', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (const error of [new StoreUnavailableError(), refused]) {
      await assert.rejects(
        readAfterCommit(venueFailing(7, error), () => Promise.resolve(1)),
        (e: unknown) => {
          assert.ok(e instanceof CommittedUnreadError, String(e));
          assert.equal(e.seq, 7);
          return true;
        },
      );
    }
  });

  it('any other failure is passed on as it is (a fault of the read, logged as one)', async () => {
    const bug = new TypeError('x is undefined');
    await assert.rejects(
      readAfterCommit(venueFailing(7, bug), () => Promise.resolve(1)),
      bug,
    );
  });

  it('a read that answers is its answer', async () => {
    const venue = { state: { seq: 1 }, readDurable: (read: (s: unknown) => Promise<number>) => read({}) };
    assert.equal(await readAfterCommit(venue as unknown as VenueView, () => Promise.resolve(42)), 42);
  });
});
