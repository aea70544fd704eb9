import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { JournalFollower } from '../../src/cluster/journal-follower.js';
import { PostgresStore } from '../../src/store/postgres.js';
import { openStore } from '../../src/store/open-store.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';
import { TestServer } from '../support/test-server.js';

describe('a journal follower when the journal is replaced', async () => {
  const skip = await postgresSkipReason();

  it(
    'sees it though nothing was applied since it loaded, and calls a read model that fails again until it succeeds',
    { skip },
    async () => {
      const db = await createTestDatabase();
      const server = await TestServer.start({ database: db.url });
      const store = openStore(server.config);
      assert.ok(store instanceof PostgresStore);
      let follower: JournalFollower | undefined;
      try {
        assert.equal((await server.admin('POST', '/admin/v1/states', { name: 'before' })).status, 201);
        await server.user('rita', { deposits: { USDT: '10' } });
        const errors: unknown[] = [];
        follower = await JournalFollower.open(store, (error) => errors.push(error));
        let calls = 0;
        // a listener that throws at once keeps none after it from hearing of the reload
        follower.onReload(() => {
          throw new Error('thrown at once');
        });
        follower.onReload(() => {
          calls++;
          return calls === 1 ? Promise.reject(new Error('the store is away')) : Promise.resolve();
        });
        await follower.follow(() => store.session(), 50);
        // loading the saved state replaces the journal: the follower loads the state again
        assert.equal((await server.admin('POST', '/admin/v1/states/before/load')).status, 200);
        for (let waited = 0; calls < 2 && waited < 10_000; waited += 50) await sleep(50);
        assert.equal(calls, 2, 'called again after it failed');
        const messages = new Set(errors.map((e) => (e as Error).message));
        assert.deepEqual([...messages].sort(), ['the store is away', 'thrown at once']);
        assert.equal(follower.state.users.has('rita'), false, 'the state is the saved one');
      } finally {
        await follower?.close();
        await store.close();
        await server.stop();
        await db.drop();
      }
    },
  );
});
