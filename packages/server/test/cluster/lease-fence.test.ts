import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Notification } from 'pg';
import { Lease } from '../../src/cluster/lease.js';
import { commitBatch } from '../../src/store/commit-batch.js';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres.js';
import type { ApiKeyRecord, CommitBatch } from '../../src/store/port.js';
import { StoreClaimedError } from '../../src/store/store-claimed-error.js';
import { createTestDatabase, postgresSkipReason, type TestDatabase } from '../support/postgres.js';

const entry = (seq: number): CommitBatch =>
  commitBatch({ journal: [{ seq, time: seq * 1000, command: `{"type":"Noop","n":${seq}}` }] });

/** A batch that goes as a transaction of statements (not the single-statement insert). */
const withKey = (seq: number): CommitBatch => {
  const key: ApiKeyRecord = {
    apiKey: `key-${seq}`,
    sealedSecret: 'x',
    user: 'u',
    permissions: [],
    ips: [],
    createdAt: 0,
    revokedAt: null,
  };
  return commitBatch({ ...entry(seq), apiKeys: [key] });
};

describe('the lease of a cluster fences every write in the database', async () => {
  const skip = await postgresSkipReason();
  if (skip !== undefined) {
    it('runs against a real PostgreSQL', { skip }, () => undefined);
    return;
  }
  let db: TestDatabase;
  let reader: PostgresStore;
  const open: PostgresStore[] = [];
  const store = (leaseEpoch?: number): PostgresStore => {
    const s = openPostgresStore(db.url, { leaseEpoch });
    open.push(s);
    return s;
  };
  const lapse = (): Promise<unknown> =>
    sql`update cluster_lease set expires_at = clock_timestamp() where id = 1`.execute(reader.db);
  const journal = async (): Promise<number[]> => (await reader.readJournal(0, 100)).map((j) => j.seq);

  before(async () => {
    db = await createTestDatabase();
    reader = openPostgresStore(db.url);
    await reader.migrate();
  });
  after(async () => {
    for (const s of [...open, reader]) await s.close().catch(() => undefined);
    await db.drop();
  });

  it('one node at a time holds the lease; a lapsed one goes to the next with a greater epoch', async () => {
    const a = new Lease(reader.db, 'A', 60_000);
    const b = new Lease(reader.db, 'B', 60_000);
    const first = await a.acquire();
    assert.equal(first, 1);
    assert.equal(await b.acquire(), undefined, 'held and live');
    assert.equal(await b.renew(first), false, 'only the holder renews');
    assert.equal(await a.renew(first), true);
    const held = await b.holder();
    assert.deepEqual(
      { ...held, cluster: undefined, expiresAtMs: undefined },
      { cluster: undefined, epoch: 1, holder: 'A', live: true, expiresAtMs: undefined },
    );
    assert.ok(held!.expiresAtMs! > Date.now() + 50_000, 'its expiry, by the database’s clock');
    assert.equal(await a.renew(first), true);
    assert.ok((await b.holder())!.expiresAtMs! > held!.expiresAtMs!, 'moved on by the renewal');
    assert.match(held!.cluster, /^[0-9a-f]{32}$/);
    await a.release(first);
    assert.equal(await b.acquire(), 2);
    assert.equal(await a.renew(first), false, 'a lease taken over cannot be renewed');
    await lapse();
  });

  it('the leader writes under its epoch; the leader before it can write nothing more, on either commit path', async () => {
    const lease = new Lease(reader.db, 'A', 60_000);
    const epoch = (await lease.acquire())!;
    const leader = store(epoch);
    await leader.commit(entry(1));
    await leader.commit(withKey(2));
    await lapse();
    const next = (await new Lease(reader.db, 'B', 60_000).acquire())!;
    assert.equal(next, epoch + 1);
    await assert.rejects(leader.commit(entry(3)), /lease epoch \d+ is no longer held/);
    await assert.rejects(store(epoch).commit(withKey(3)), /lease epoch \d+ is no longer held/);
    await assert.rejects(
      store(epoch).saveSnapshot({ seq: 2, time: 2000, state: '{}', hash: 'h' }, 2),
      /no longer held/,
    );
    await store(next).commit(entry(3));
    assert.deepEqual(await journal(), [1, 2, 3], 'only what the holder of the current epoch wrote');
    await lapse();
  });

  it('a writer without an epoch (a single server, a CLI tool) is refused while an engine node holds a live lease', async () => {
    const lease = new Lease(reader.db, 'C', 60_000);
    const epoch = (await lease.acquire())!;
    // told when it takes the database, before it serves anything
    await assert.rejects(
      store().claim(),
      (e: unknown) => e instanceof StoreClaimedError && /engine node C, which leads a cluster on it/.test(e.message),
    );
    // and a write that comes without taking it is fenced all the same
    await assert.rejects(store().commit(entry(4)), /engine node C holds this database's lease/);
    await lease.release(epoch);
    await store().commit(entry(4));
    assert.deepEqual(await journal(), [1, 2, 3, 4]);
  });

  it('every commit that adds to the journal notifies txc_journal, once it is committed', async () => {
    const listener = reader.session();
    await listener.connect();
    try {
      await listener.query('listen txc_journal');
      const heard = new Promise<string>((resolve) =>
        listener.once('notification', (n: Notification) => resolve(n.channel)),
      );
      await store().commit(entry(5));
      assert.equal(await heard, 'txc_journal');
    } finally {
      await listener.end();
    }
  });

  it('a lapsed lease is not taken while a txc serve holds the database, and is once it stops', async () => {
    await lapse();
    const server = store();
    await server.claim();
    const lease = new Lease(reader.db, 'E', 60_000);
    assert.equal(await lease.acquire(), undefined, 'its commits would be fenced from under it');
    assert.match((await reader.venueHolder()) ?? '', /pid \d+/);
    await server.close();
    open.splice(open.indexOf(server), 1);
    assert.equal(await reader.venueHolder(), undefined);
    const epoch = await lease.acquire();
    assert.ok(epoch !== undefined);
    await lease.release(epoch);
  });
});
