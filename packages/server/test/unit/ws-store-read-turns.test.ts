import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Store } from '../../src/store/port.js';
import type { VenueView } from '../../src/venue/venue-view.js';
import type { WsConnection } from '../../src/ws/connection.js';
import { WsError } from '../../src/ws/protocol.js';
import { READS_WAITING_MOST, StoreReadTurns, TURN_MOST_MS } from '../../src/ws/store-read-turns.js';
import { handledWithin, unavailableAfter } from '../../src/cluster/request-deadline.js';

/** A venue whose durable reads run at once: what is looked at is when each read starts. */
const venue = { readDurable: <T>(read: (store: Store) => Promise<T>) => read({} as Store) } as unknown as VenueView;

const connection = (): WsConnection & { open: boolean } =>
  ({ open: true }) as unknown as WsConnection & { open: boolean };

/** Lets every settled promise and every callback queued so far run. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

/** A read that records its start under `name` and ends when its `finish` is called. */
function reads(log: string[]) {
  const finish = new Map<string, () => void>();
  const read = (name: string) => () =>
    new Promise<string>((resolve) => {
      log.push(name);
      finish.set(name, () => resolve(name));
    });
  return { read, finish: (name: string) => finish.get(name)?.() };
}

describe('the store reads of one-shot socket requests', () => {
  it('run one at a time; a connection with READS_WAITING_MOST under way is refused another (code 7)', async () => {
    const turns = new StoreReadTurns(venue);
    const log: string[] = [];
    const { read, finish } = reads(log);
    const conn = connection();
    const answers = [0, 1, 2, 3].map((i) => turns.read(conn, read(`a${i}`)));
    assert.throws(
      () => turns.read(conn, read('a4')),
      (e: unknown) => e instanceof WsError && e.body.code === 7,
    );
    await settle();
    assert.deepEqual(log, ['a0']);
    for (let i = 0; i < 4; i++) {
      finish(`a${i}`);
      await settle();
    }
    assert.deepEqual(log, ['a0', 'a1', 'a2', 'a3']);
    assert.deepEqual(await Promise.all(answers), ['a0', 'a1', 'a2', 'a3']);
    // answered, they are under way no more
    void turns.read(conn, read('a4'));
    await settle();
    assert.equal(log.at(-1), 'a4');
    assert.equal(READS_WAITING_MOST, 4);
  });

  it('connections take turns: one with many reads waiting does not keep another waiting behind them', async () => {
    const turns = new StoreReadTurns(venue);
    const log: string[] = [];
    const { read, finish } = reads(log);
    const a = connection();
    const b = connection();
    for (let i = 1; i <= 4; i++) void turns.read(a, read(`a${i}`));
    await settle();
    void turns.read(b, read('b1'));
    for (const name of ['a1', 'a2', 'b1', 'a3', 'a4']) {
      await settle();
      assert.equal(log.at(-1), name);
      finish(name);
    }
    assert.deepEqual(log, ['a1', 'a2', 'b1', 'a3', 'a4']);
  });

  it('a read the store is slow to answer lets the next one start after TURN_MOST_MS', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const turns = new StoreReadTurns(venue);
    const log: string[] = [];
    const { read, finish } = reads(log);
    void turns.read(connection(), read('slow'));
    void turns.read(connection(), read('next'));
    await settle();
    t.mock.timers.tick(TURN_MOST_MS - 1);
    await settle();
    assert.deepEqual(log, ['slow']);
    t.mock.timers.tick(1);
    await settle();
    assert.deepEqual(log, ['slow', 'next']);
    finish('slow');
    finish('next');
  });

  it('between two reads every other callback runs', async () => {
    const turns = new StoreReadTurns(venue);
    const log: string[] = [];
    const { read, finish } = reads(log);
    const conn = connection();
    void turns.read(conn, read('first'));
    void turns.read(conn, read('second'));
    await settle();
    finish('first');
    setImmediate(() => log.push('another client'));
    await settle();
    assert.deepEqual(log, ['first', 'another client', 'second']);
  });

  it("a closed connection's waiting reads are not made; their requests end unanswerable", async () => {
    const turns = new StoreReadTurns(venue);
    const log: string[] = [];
    const { read, finish } = reads(log);
    const conn = connection();
    void turns.read(conn, read('under way'));
    const waiting = turns.read(conn, read('waiting'));
    await settle();
    conn.open = false;
    finish('under way');
    await assert.rejects(waiting, (e: unknown) => e instanceof WsError && e.body.code !== 7);
    assert.deepEqual(log, ['under way']);
  });

  it('a read whose request was answered before its turn (the store wait passed) is not made', async () => {
    // a venue whose store wait is 20 ms, as readDurable's own
    const waiting = {
      readDurable: <T>(read: (store: Store) => Promise<T>) =>
        Promise.race([
          read({} as Store),
          new Promise<T>((_, reject) => setTimeout(() => reject(new Error('store wait passed')), 20)),
        ]),
    } as unknown as VenueView;
    const turns = new StoreReadTurns(waiting);
    const log: string[] = [];
    const { read, finish } = reads(log);
    const conn = connection();
    const first = turns.read(conn, read('first'));
    const late = turns.read(conn, read('late'));
    await assert.rejects(late, /store wait passed/);
    await assert.rejects(first, /store wait passed/);
    finish('first');
    await settle();
    assert.deepEqual(log, ['first']);
  });

  it("a read runs under its own request's deadline (a gateway's), whichever turn set it going", async () => {
    const gateway = { readDurable: (read: (store: Store) => Promise<unknown>) => unavailableAfter(read({} as Store)) };
    const turns = new StoreReadTurns(gateway as unknown as VenueView);
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve('rows'), 30));
    // the first request's end comes before the second's read is done: only the first may be cut short
    const first = handledWithin(40, () => turns.read(connection(), slow));
    const second = handledWithin(10_000, () => turns.read(connection(), slow));
    assert.equal(await first, 'rows');
    assert.equal(await second, 'rows');
  });
});
