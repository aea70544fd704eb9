import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { GatewayKeys } from '../../src/cluster/gateway-keys.js';
import { SecretBox } from '../../src/secrets/secret-box.js';
import type { Store } from '../../src/store/port.js';

describe('a gateway’s reads of the keys', () => {
  it('asked for while one hangs: one more read, shared by every request for an unknown key', async () => {
    const reads: (() => void)[] = [];
    // the keys' table read by a store that answers only when told to
    const store = {
      loadApiKeys: () => new Promise((resolve) => reads.push(() => resolve([]))),
    } as unknown as Store;
    const keys = new GatewayKeys(store, SecretBox.fromKey(Buffer.alloc(32, 7)), 60_000);
    const first = keys.load();
    await nextTurn();
    const asked = Array.from({ length: 50 }, () => keys.load());
    await nextTurn();
    assert.equal(reads.length, 1, 'the second waits for the first');
    reads[0]!();
    await first;
    await nextTurn();
    assert.equal(reads.length, 2, 'one read after it, for all fifty');
    reads[1]!();
    await Promise.all(asked);
    assert.equal(new Set(asked).size, 1);
  });
});
