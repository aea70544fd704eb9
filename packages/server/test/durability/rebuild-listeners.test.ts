import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { TestServer } from '../support/test-server.js';

describe('a venue rebuilt tells everything derived from its old state at once', () => {
  let server: TestServer;

  before(async () => {
    server = await TestServer.start();
  });
  after(() => server.stop());

  it('no reset waits for another: the sockets close before a command is taken on the new state', async () => {
    const venue = server.server.venue;
    let slowDoneAt = Number.POSITIVE_INFINITY;
    let otherStartedAt = Number.POSITIVE_INFINITY;
    // a read model slow to reload (market data reads the deals again), then one that closes sockets
    venue.subscribe(
      () => undefined,
      async () => {
        await sleep(300);
        slowDoneAt = performance.now();
      },
    );
    venue.subscribe(
      () => undefined,
      () => {
        otherStartedAt = performance.now();
        return Promise.resolve();
      },
    );
    assert.equal((await server.admin('POST', '/admin/v1/states', { name: 'rebuilt' })).status, 201);
    const loaded = await server.admin('POST', '/admin/v1/states/rebuilt/load');
    assert.equal(loaded.status, 200, JSON.stringify(loaded.body));
    assert.ok(otherStartedAt < slowDoneAt, 'the second started while the first still reloaded');
  });
});
