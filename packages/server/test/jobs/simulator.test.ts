import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { invariantBreaches } from '../support/state-checks.js';
import { TestServer } from '../support/test-server.js';
import { txc } from '../support/txc-cli.js';
import { createTestDatabase, postgresSkipReason } from '../support/postgres.js';

const noPostgres = await postgresSkipReason();

interface MarketSimulationView {
  market: string;
  spread: string;
  depth: number;
  tradesPerMinute: number;
  volatility: string;
}

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the simulator did not get there within 10 s');
};

/** How many orders a halt has refused (`txc_faults_injected_total{type="haltMarket"}`). */
async function haltRefusals(server: TestServer): Promise<number> {
  const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${server.adminToken}` } });
  const line = (await metrics.text())
    .split('\n')
    .find((l) => l.startsWith('txc_faults_injected_total{type="haltMarket"}'));
  return line === undefined ? 0 : Number(line.split(' ').at(-1));
}

/** A demo venue under --simulate with the taker still; its index still too, or walking. */
const quietSimulator = (index: 'static' | 'walk', database?: string): Promise<TestServer> =>
  TestServer.start({
    ...(database === undefined ? {} : { database }),
    demo: true,
    simulate: true,
    ...(index === 'static' ? { priceFeed: 'static' as const } : {}),
    simulation: {
      tradesPerMinute: 0,
      miningRewards: { intervalMs: 60_000, amount: '0.00005', hashRate: '110000000000000' },
    },
  });

describe('the market simulator (--simulate)', () => {
  it('a seeded run: makers, takers and the walk move the market, every invariant holds, and replay --verify matches', async () => {
    const server = await TestServer.start({
      database: 'sqlite',
      demo: true,
      simulate: true,
      seed: 7,
      priceFeedOptions: { intervalMs: 50, step: '0.002', seed: 1, speed: 1 },
      simulation: {
        tradesPerMinute: 1200,
        miningRewards: { intervalMs: 60_000, amount: '0.00005', hashRate: '110000000000000' },
      },
    });
    try {
      const { client } = await server.user('watcher');
      const { venue } = server.server;
      const seq = venue.state.seq;
      // a second of simulated activity at 20 trades a second on every market
      await until(
        async () => (await client.trades('ETH_USDT')).length,
        (n) => n >= 10,
      );
      assert.ok(venue.state.seq > seq + 20, 'commands flowed');
      await venue.barrier();
      assert.deepEqual(invariantBreaches(venue.state), []);
    } finally {
      await server.stop({ keepData: true });
    }
    const replayed = await txc(['replay', '--verify', '--data-dir', server.dataDir]);
    assert.equal(replayed.code, 0, replayed.stderr);
    assert.equal((JSON.parse(replayed.stdout) as { verified: boolean }).verified, true);
  });

  it('the admin API shows and changes a market live: the book takes the new spread and depth', async () => {
    const server = await quietSimulator('walk');
    try {
      const listed = (await server.admin('GET', '/admin/v1/simulator')).body as MarketSimulationView[];
      assert.deepEqual(
        listed.find((m) => m.market === 'BTC_USDT'),
        { market: 'BTC_USDT', spread: '0.002', depth: 12, tradesPerMinute: 0, volatility: '0.001' },
      );
      const changed = await server.admin('POST', '/admin/v1/simulator', {
        market: 'BTC_USDT',
        spread: '0.01',
        depth: 3,
        tradesPerMinute: 0,
        volatility: '0.0005',
      });
      assert.deepEqual(changed, {
        status: 200,
        body: { market: 'BTC_USDT', spread: '0.01', depth: 3, tradesPerMinute: 0, volatility: '0.0005' },
      });
      const { client } = await server.user('watcher');
      const book = await until(
        () => client.orderbook('BTC_USDT', { limit: 100 }),
        (b) => b.asks.length === 3 && b.bids.length === 3,
      );
      const [bid, ask] = [Number(book.bids[0]?.[0]), Number(book.asks[0]?.[0])];
      // half a percent either side of the index: 1 % between the best bid and ask, give or take a tick
      assert.ok(Math.abs(ask / bid - 1 - 0.01) < 0.0005, `${bid} / ${ask}`);
      const eth = ((await server.admin('GET', '/admin/v1/simulator')).body as MarketSimulationView[]).find(
        (m) => m.market === 'BTC_PERP',
      );
      assert.equal(eth?.volatility, '0.0005', 'the walk of BTC is shared by its markets');
    } finally {
      await server.stop();
    }
  });

  it('a halted market keeps its ladder as it was while its settings change, and takes them once the halt ends', async () => {
    // a still index: the end of the halt alone must bring the re-quote
    const server = await quietSimulator('static');
    try {
      const { client } = await server.user('watcher');
      const bookOf = async (market: string) => {
        const { bids, asks } = await client.orderbook(market, { limit: 100 });
        return { bids, asks };
      };
      const halt = await server.admin('POST', '/admin/v1/faults', { type: 'haltMarket', market: 'BTC_USDT' });
      assert.equal(halt.status, 201);
      const halted = await bookOf('BTC_USDT');
      assert.deepEqual([halted.bids.length, halted.asks.length], [12, 12]);
      // a re-quote forced by new settings, and the taker at full pace
      const changed = { market: 'BTC_USDT', spread: '0.01', depth: 3, tradesPerMinute: 6000 };
      assert.equal((await server.admin('POST', '/admin/v1/simulator', changed)).status, 200);
      // ETH_USDT's re-quote comes after BTC_USDT's: once its book shows it, the maker has been by
      assert.equal((await server.admin('POST', '/admin/v1/simulator', { market: 'ETH_USDT', depth: 3 })).status, 200);
      await until(
        () => bookOf('ETH_USDT'),
        (b) => b.asks.length === 3 && b.bids.length === 3,
      );
      await new Promise((r) => setTimeout(r, 200));
      const still = { market: 'BTC_USDT', tradesPerMinute: 0 };
      assert.equal((await server.admin('POST', '/admin/v1/simulator', still)).status, 200);
      assert.deepEqual(await bookOf('BTC_USDT'), halted, 'the ladder stays as it was');
      assert.equal(await haltRefusals(server), 0, 'neither the maker nor the taker sent the halted market an order');

      assert.equal((await server.admin('DELETE', '/admin/v1/faults')).status, 200);
      const book = await until(
        () => bookOf('BTC_USDT'),
        (b) => b.asks.length === 3 && b.bids.length === 3,
      );
      const [bid, ask] = [Number(book.bids[0]?.[0]), Number(book.asks[0]?.[0])];
      assert.ok(Math.abs(ask / bid - 1 - 0.01) < 0.0005, `${bid} / ${ask}`);
    } finally {
      await server.stop();
    }
  });

  it('with a still index, a level a taker fills whole is laid again: the book keeps its depth', async () => {
    const server = await quietSimulator('static');
    try {
      const { client } = await server.user('watcher');
      const settings = { market: 'ETH_USDT', spread: '0.004', depth: 5, tradesPerMinute: 6000 };
      assert.equal((await server.admin('POST', '/admin/v1/simulator', settings)).status, 200);
      // enough trades to take every level of both sides several times over
      const { venue } = server.server;
      const from = venue.state.trading.nextTradeId;
      await until(
        () => Promise.resolve(venue.state.trading.nextTradeId - from),
        (n) => n >= 200,
      );
      assert.equal(
        (await server.admin('POST', '/admin/v1/simulator', { market: 'ETH_USDT', tradesPerMinute: 0 })).status,
        200,
      );
      await until(
        () => client.orderbook('ETH_USDT', { limit: 100 }),
        (b) => b.asks.length === 5 && b.bids.length === 5,
      );
    } finally {
      await server.stop();
    }
  });

  it('a spread finer than the tick widens to it: every level of the depth set is a price of its own', async () => {
    const server = await quietSimulator('static');
    try {
      const { client } = await server.user('watcher');
      // XRP_USDT quotes 0.0001 ticks around 0.5: a level step of 0.000001 is a hundredth of a tick
      const settings = { market: 'XRP_USDT', spread: '0.000002', depth: 5 };
      assert.equal((await server.admin('POST', '/admin/v1/simulator', settings)).status, 200);
      const book = await until(
        () => client.orderbook('XRP_USDT', { limit: 100 }),
        (b) => b.asks.length === 5 && b.bids.length === 5,
      );
      const ticks = (levels: string[][]): number[] => levels.map(([price]) => Math.round(Number(price) * 10_000));
      const [bids, asks] = [ticks(book.bids), ticks(book.asks)];
      assert.deepEqual(
        bids.map((b) => bids[0]! - b),
        [0, 1, 2, 3, 4],
      );
      assert.deepEqual(
        asks.map((a) => a - asks[0]!),
        [0, 1, 2, 3, 4],
      );
      assert.ok(asks[0]! > bids[0]!, `${bids[0]} < ${asks[0]}`);
    } finally {
      await server.stop();
    }
  });

  for (const kind of ['sqlite', 'postgres'] as const) {
    // on PostgreSQL the rebuild reads the store while the venue still takes no commands: the re-quotes wait for it
    it(
      `a reset venue has its ladders laid again with the settings in force (${kind})`,
      {
        skip: kind === 'postgres' ? noPostgres : undefined,
      },
      async () => {
        const db = kind === 'postgres' ? await createTestDatabase() : undefined;
        const server = await quietSimulator('static', db?.url);
        try {
          const { client } = await server.user('watcher');
          const threeASide = (b: { asks: unknown[]; bids: unknown[] }): boolean =>
            b.asks.length === 3 && b.bids.length === 3;
          const settings = { market: 'BTC_USDT', spread: '0.01', depth: 3 };
          assert.equal((await server.admin('POST', '/admin/v1/simulator', settings)).status, 200);
          await until(() => client.orderbook('BTC_USDT', { limit: 100 }), threeASide);
          // the demo venue as seeded holds twelve levels a side
          assert.equal((await server.admin('POST', '/admin/v1/reset', {})).status, 200);
          const book = await until(() => client.orderbook('BTC_USDT', { limit: 100 }), threeASide);
          const [bid, ask] = [Number(book.bids[0]?.[0]), Number(book.asks[0]?.[0])];
          assert.ok(Math.abs(ask / bid - 1 - 0.01) < 0.0005, `${bid} / ${ask}`);
        } finally {
          await server.stop();
          await db?.drop();
        }
      },
    );
  }

  it('bad settings are 400s naming the field, and nothing changes; without --simulate 409', async () => {
    const server = await TestServer.start({ demo: true, simulate: true });
    try {
      const cases: [unknown, RegExp][] = [
        [{ market: 'DOGE_USDT' }, /Unknown market DOGE_USDT/],
        [{ market: 'BTC_USDT', depth: 0 }, /depth must be an integer from 1 to 50/],
        [{ market: 'BTC_USDT', spread: '0' }, /spread must be a decimal string above 0/],
        [{ market: 'BTC_USDT', spread: 'wide' }, /spread must be a decimal string/],
        [{ market: 'BTC_USDT', spread: '0.5', depth: 50 }, /spread × depth \/ 2 must stay below 0.5/],
        [{ market: 'BTC_USDT', tradesPerMinute: -1 }, /tradesPerMinute must be an integer from 0 to 6000/],
        [{ market: 'BTC_USDT', volatility: '0.2' }, /volatility must be a decimal string from 0 to 0.1/],
        [{ market: 'BTC_USDT', speed: 2 }, /Unknown field speed/],
      ];
      for (const [body, message] of cases) {
        const r = await server.admin('POST', '/admin/v1/simulator', body);
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.match((r.body as { error: string }).error, message);
      }
      const btc = ((await server.admin('GET', '/admin/v1/simulator')).body as MarketSimulationView[]).find(
        (m) => m.market === 'BTC_USDT',
      );
      assert.deepEqual(btc, {
        market: 'BTC_USDT',
        spread: '0.002',
        depth: 12,
        tradesPerMinute: 30,
        volatility: '0.001',
      });
    } finally {
      await server.stop();
    }
    const still = await TestServer.start({ demo: true });
    try {
      const r = await still.admin('POST', '/admin/v1/simulator', { market: 'BTC_USDT', depth: 3 });
      assert.equal(r.status, 409);
    } finally {
      await still.stop();
    }
  });
});
