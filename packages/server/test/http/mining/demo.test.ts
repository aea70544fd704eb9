import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { conservationBreaches } from '@txc/core';
import type { TxcClient } from '@txc/sdk';
import { demoReward } from '../../../src/jobs/mining-rewards.js';
import { TestServer } from '../../support/test-server.js';

interface Credentials {
  apiKey: string;
  apiSecret: string;
  eea: { apiKey: string; apiSecret: string };
}

function demoClients(server: TestServer): { demo: TxcClient; eea: TxcClient } {
  const c = JSON.parse(readFileSync(join(server.dataDir, 'demo-credentials.json'), 'utf8')) as Credentials;
  return {
    demo: server.client(c.apiKey, c.apiSecret),
    eea: server.client(c.eea.apiKey, c.eea.apiSecret),
  };
}

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('the demo mining account (demo-seed.md)', () => {
  describe('--demo alone', () => {
    let server: TestServer;
    before(async () => {
      server = await TestServer.start({ demo: true });
    });
    after(() => server.stop());

    it('gives demo and demo_eea the account demo_miner, paying to the main balance', async () => {
      const { demo, eea } = demoClients(server);
      for (const client of [demo, eea]) {
        assert.deepEqual(
          (await client.miningAccounts()).data.map((a) => a.name),
          ['demo_miner'],
        );
        assert.deepEqual(await client.miningPayoutDestination('demo_miner'), {
          payoutDestination: 'main_balance',
          externalAddress: null,
        });
      }
    });

    it('stays deterministic: no reward arrives by itself, and a restart seeds nothing again', async () => {
      const seq = server.server.venue.state.seq;
      await sleep(300);
      assert.equal(server.server.venue.state.seq, seq);
      await server.restart();
      assert.equal(server.server.venue.state.seq, seq);
      const { demo } = demoClients(server);
      assert.deepEqual((await demo.miningRewards()).data, []);
      assert.equal((await demo.miningAccounts()).data.length, 1);
    });
  });

  describe('--demo --simulate', () => {
    let server: TestServer;
    before(async () => {
      server = await TestServer.start({
        demo: true,
        simulate: true,
        simulation: {
          tradesPerMinute: 30,
          miningRewards: { intervalMs: 50, amount: '0.00005', hashRate: '110000000000000' },
        },
      });
    });
    after(() => server.stop());

    it('pays demo_miner a small BTC reward every interval, to the main balance, less the pool fee', async () => {
      const { demo } = demoClients(server);
      const page = await until(async () => {
        const p = await demo.miningRewards();
        return p.data.length >= 2 ? p : undefined;
      }, 'two rewards');
      for (const r of page.data) {
        assert.deepEqual(
          [r.miningAccountName, r.payoutDestination, r.totalReward, r.reward, r.fee, r.rewardCurrency],
          ['demo_miner', 'main_balance', '0.00005', '0.00004875', '0.00000125', 'BTC'],
        );
        assert.equal(r.hashRate, '110000000000000');
        assert.equal(r.fppsRate, '0.785454545454');
      }
      // The job keeps paying meanwhile: the listing lies between two reads of the balance.
      const state = server.server.venue.state;
      const rewardsIn = (): bigint => {
        const earned = (state.users.get('demo')?.main.get('BTC') ?? 0n) - 1_000_000_000n;
        assert.equal(earned % 4875n, 0n);
        return earned / 4875n;
      };
      const before = rewardsIn();
      const listed = BigInt((await demo.miningRewards({ limit: 100 })).data.length);
      assert.ok(before >= 2n && before <= listed && listed <= rewardsIn(), `${before} ≤ ${listed}`);
      assert.deepEqual(conservationBreaches(state), []);
    });

    it("pays demo_eea's demo_miner too, to an external address once it is set", async () => {
      const { eea } = demoClients(server);
      const address = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
      await eea.setMiningPayoutDestination('demo_miner', 'external_address', address);
      const balance = (await eea.mainBalance('BTC')).main_balance;
      const external = await until(async () => {
        const [latest] = (await eea.miningRewards({ limit: 1 })).data;
        return latest?.payoutDestination === 'external_address' ? latest : undefined;
      }, 'an external payout');
      assert.equal(external.payoutAddress, address);
      assert.match(external.payoutTransactionHash ?? '', /^[0-9a-f]{64}$/);
      await sleep(120);
      assert.equal((await eea.mainBalance('BTC')).main_balance, balance);
    });
  });

  it('the simulated reward: 2.5 % pool fee rounded up, FPPS rate in BTC per TH/s per day', () => {
    assert.deepEqual(demoReward(5000n, 110_000_000_000_000n, 180_000, 8), {
      amount: 4875n,
      fee: 125n,
      fppsRate: '0.000218181818',
    });
    assert.deepEqual(demoReward(1001n, 1_000_000_000_000n, 86_400_000, 8), {
      amount: 975n,
      fee: 26n,
      fppsRate: '0.00001001',
    });
  });
});
