import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { stateHash } from '../../src/venue/sequencer/state-hash.js';
import { ManualClock } from '../support/manual-clock.js';
import { tempDirs } from '../support/temp-dirs.js';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { txc } from '../support/txc-cli.js';

describe('txc replay --verify: modifications, bulk orders and kill-switches replay to the same state', () => {
  const dataDir = tempDirs('txc-replay-tools-');

  it('a journal with every new command, snapshots among them, rebuilds the live state exactly', async () => {
    const clock = new ManualClock();
    const dir = dataDir();
    const server = await TestServer.start({ database: 'sqlite', snapshots: { everyCommands: 7, keep: 2 } }, dir, {
      clock,
    });
    try {
      const alice = await trader(server, 'alice', { USDT: '100000', BTC: '2' });
      const bob = await trader(server, 'bob', { USDT: '100000', BTC: '2' });
      const o = await alice.orderNew({
        market: 'BTC_USDT',
        side: 'buy',
        amount: '0.1',
        price: '40000',
        clientOrderId: 'r1',
      });
      await alice.orderModify({ market: 'BTC_USDT', orderId: o.orderId, price: '41000' });
      await bob.orderBulk({
        orders: [
          { market: 'BTC_USDT', side: 'sell', amount: '0.05', price: '41000' },
          { market: 'BTC_USDT', side: 'sell', amount: '0.05', price: '45000' },
          { market: 'BTC_USDT', side: 'sell', amount: '9', price: '45000' },
        ],
      });
      await alice.orderModify({ market: 'BTC_USDT', clientOrderId: 'r1', amount: '0.2' });
      await bob.privatePost('/api/v4/order/kill-switch', { market: 'BTC_USDT', timeout: 5 });
      await alice.privatePost('/api/v4/order/kill-switch', { market: 'BTC_USDT', timeout: 600, types: ['futures'] });
      clock.advance(6_000);
      for (let i = 0; i < 400 && server.server.venue.state.killSwitches.size > 1; i++) await sleep(25);
      assert.equal(server.server.venue.state.killSwitches.size, 1, 'the 5 s switch fired');
      assert.deepEqual(await bob.activeOrders({ market: 'BTC_USDT' }), []);
      await server.server.venue.barrier();
      const live = stateHash(server.server.venue.state);
      const r = await txc(['replay', '--verify', '--data-dir', dir]);
      assert.equal(r.code, 0, r.stderr);
      const report = JSON.parse(r.stdout) as { hash: string; verified: boolean; seq: number };
      assert.deepEqual([report.seq, report.hash, report.verified], [server.server.venue.state.seq, live, true]);
    } finally {
      await server.stop();
    }
  });
});
