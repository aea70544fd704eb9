import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { LeaderReach } from '../../src/cluster/leader-reach.js';
import type { LeaseHolder } from '../../src/cluster/lease.js';

const lease = (epoch: number, expiresAtMs: number, live = true): LeaseHolder => ({
  cluster: 'c',
  epoch,
  holder: 'A',
  live,
  expiresAtMs,
});

/** A reach whose pings answer as `answers` says at the time; each look waits for its ping. */
function reach(answers: () => boolean): {
  reach: LeaderReach;
  look: (held: LeaseHolder, self?: string) => Promise<void>;
} {
  const r = new LeaderReach(() => Promise.resolve<boolean | undefined>(answers()));
  const look = async (held: LeaseHolder, self?: string): Promise<void> => {
    r.observe(held, self);
    await nextTurn();
  };
  return { reach: r, look };
}

describe('whether the leader answers this process over NATS', () => {
  it('a leader that renews its lease twice unheard has this process cut off; an answer ends it', async () => {
    let answering = false;
    const { reach: r, look } = reach(() => answering);
    await look(lease(1, 1_000));
    await look(lease(1, 2_000));
    assert.equal(r.cutOff, false, 'one renewal unheard may be a leader that died just after it');
    await look(lease(1, 3_000));
    assert.equal(r.cutOff, true);
    answering = true;
    await look(lease(1, 4_000));
    assert.equal(r.cutOff, false);
  });

  it('a leader that died renews nothing: never cut off, however long its pings go unanswered', async () => {
    const { reach: r, look } = reach(() => false);
    await look(lease(1, 1_000));
    await look(lease(1, 2_000));
    for (let i = 0; i < 5; i++) await look(lease(1, 2_000));
    assert.equal(r.cutOff, false);
  });

  it('a new epoch starts over, and answers to other requests count as heard', async () => {
    const { reach: r, look } = reach(() => false);
    for (const expiry of [1_000, 2_000, 3_000]) await look(lease(1, expiry));
    assert.equal(r.cutOff, true);
    await look(lease(2, 4_000));
    assert.equal(r.cutOff, false, 'another leader');
    for (const expiry of [5_000, 6_000]) await look(lease(2, expiry));
    assert.equal(r.cutOff, true);
    r.answered();
    assert.equal(r.cutOff, false);
  });

  it('a ping that failed otherwise than for want of a responder tells nothing', async () => {
    let answer: boolean | undefined = false;
    const r = new LeaderReach(() => Promise.resolve(answer));
    const look = async (expiry: number): Promise<void> => {
      r.observe(lease(1, expiry));
      await nextTurn();
    };
    answer = undefined;
    for (const expiry of [1_000, 2_000, 3_000, 4_000]) await look(expiry);
    assert.equal(r.cutOff, false, 'timeouts: a leader too busy, or cut off unnoticed');
    answer = false;
    for (const expiry of [5_000, 6_000, 7_000]) await look(expiry);
    assert.equal(r.cutOff, true);
    answer = undefined;
    await look(8_000);
    assert.equal(r.cutOff, true, 'nor does it end being cut off');
  });

  it('pings no one for a lapsed lease or its own', async () => {
    let pinged = 0;
    const r = new LeaderReach(() => {
      pinged++;
      return Promise.resolve(false);
    });
    r.observe(lease(1, 1_000, false));
    r.observe(lease(1, 1_000), 'A');
    r.observe(undefined);
    await nextTurn();
    assert.equal(pinged, 0);
  });
});
