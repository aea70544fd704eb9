import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { SharedLimits } from '../../src/cluster/shared-limits.js';
import { freePort } from '../support/ports.js';

/** The fewest clients a limiter may be bounded to (config/schema.ts). */
const MAX_TRACKED = 100;
const ONE_A_MINUTE = { group: 'order', limit: 1, windowMs: 60_000 };

describe('the limits a gateway counts on its own while Redis is out of reach', async () => {
  // nothing listens there: every command fails at once, and the gateway counts here
  const redis = new Redis(await freePort(), '127.0.0.1', {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  const refused: string[] = [];
  const limits = new SharedLimits(redis, 'txc:test:limits', (group) => refused.push(group), undefined, MAX_TRACKED);
  after(() => limits.close());

  it('count as a server does, bounded as a server is: beyond maxTrackedClients the least recent is let go', async () => {
    assert.equal(await limits.allows('first', ONE_A_MINUTE), true);
    assert.equal(await limits.allows('first', ONE_A_MINUTE), false, 'its allowance spent');
    assert.deepEqual(refused, ['order']);
    for (let i = 0; i < MAX_TRACKED; i++) assert.equal(await limits.allows(`client-${i}`, ONE_A_MINUTE), true);
    assert.equal(await limits.allows('first', ONE_A_MINUTE), true, 'its counter pushed out by newer clients');
    assert.equal(limits.connected(), false);
  });
});
