import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { formatUnits } from '@txc/core';
import type { TxcClient } from '@txc/sdk';
import { TestServer } from '../support/test-server.js';
import { trader } from '../support/trading.js';
import { WsTestClient } from '../support/ws-client.js';

type Level = [string, string];
interface DepthData {
  update_id: number;
  past_update_id?: number;
  asks: Level[];
  bids: Level[];
}

const LIMIT = 20;
const SEED = 20260601;

/** A book kept as a client keeps it: a snapshot replaces it, a delta sets or removes levels. */
class LocalBook {
  private asks = new Map<string, string>();
  private bids = new Map<string, string>();
  lastId: number | undefined;

  apply(full: boolean, data: DepthData): void {
    if (full) {
      this.asks = new Map(data.asks);
      this.bids = new Map(data.bids);
    } else {
      assert.equal(data.past_update_id, this.lastId, 'a delta continues the chain of update ids');
      for (const [side, levels] of [
        [this.asks, data.asks],
        [this.bids, data.bids],
      ] as const) {
        for (const [p, a] of levels) {
          if (a === '0') side.delete(p);
          else side.set(p, a);
        }
      }
    }
    this.lastId = data.update_id;
  }

  view(): { asks: Level[]; bids: Level[] } {
    const sorted = (m: Map<string, string>, dir: 1 | -1): Level[] =>
      [...m].sort((a, b) => dir * (Number(a[0]) - Number(b[0]))).slice(0, LIMIT);
    return { asks: sorted(this.asks, 1), bids: sorted(this.bids, -1) };
  }
}

type Step =
  { kind: 'place'; who: 0 | 1; side: 'buy' | 'sell'; price: number; amount: number } | { kind: 'cancel'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      who: fc.constantFrom(0 as const, 1 as const),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      price: fc.integer({ min: 4_990_000, max: 5_010_000 }).map((t) => Math.round(t / 50) * 50),
      amount: fc.integer({ min: 1, max: 40 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

describe('depth property: snapshot plus every delta is the engine book after each command', () => {
  let server: TestServer;
  let traders: [TxcClient, TxcClient];

  before(async () => {
    server = await TestServer.start();
    traders = [
      await trader(server, 'proptrader1', { BTC: '100', USDT: '10000000' }),
      await trader(server, 'proptrader2', { BTC: '100', USDT: '10000000' }),
    ];
  });
  after(async () => {
    await server.stop();
  });

  test(`random order streams (seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 15 }), async (steps) => {
        const ws = await WsTestClient.connect(server.url);
        const local = new LocalBook();
        let seen = 0;
        const drain = (): void => {
          const pushes = ws.pushes('depth_update');
          for (; seen < pushes.length; seen++) {
            const [full, data] = pushes[seen]?.params as [boolean, DepthData];
            local.apply(full, data);
          }
        };
        await ws.call('depth_subscribe', ['BTC_USDT', LIMIT, '0', true]);
        await ws.nextPush('depth_update');
        const open: { market: string; orderId: number; who: 0 | 1 }[] = [];
        for (const s of steps) {
          if (s.kind === 'place') {
            const price = formatUnits(BigInt(s.price), 2);
            const order = await traders[s.who].orderNew({
              market: 'BTC_USDT',
              side: s.side,
              amount: formatUnits(BigInt(s.amount), 3),
              price,
            });
            open.push({ market: 'BTC_USDT', orderId: order.orderId, who: s.who });
          } else if (open.length > 0) {
            const [target] = open.splice(s.pick % open.length, 1);
            if (target !== undefined) {
              await traders[target.who]
                .orderCancel({ market: target.market, orderId: target.orderId })
                .catch(() => undefined);
            }
          }
          // the book the stream gives equals the engine's, once the next delta is in
          const engine = (): { asks: Level[]; bids: Level[] } => {
            const book = server.server.venue.state.trading.markets.get('BTC_USDT')?.book;
            const side = (x: 'buy' | 'sell'): Level[] =>
              (book?.levels(x, LIMIT) ?? []).map(
                (l) => [formatUnits(BigInt(l.price), 2), formatUnits(BigInt(l.lots), 6)] as Level,
              );
            return { asks: side('sell'), bids: side('buy') };
          };
          const deadline = Date.now() + 5000;
          for (;;) {
            drain();
            const [a, b] = [JSON.stringify(local.view()), JSON.stringify(engine())];
            if (a === b) break;
            if (Date.now() > deadline) assert.equal(a, b);
            await ws.waitFor((f) => f.method === 'depth_update', 1000).catch(() => undefined);
          }
        }
        const rest = await traders[0].orderbook('BTC_USDT', { limit: LIMIT });
        await new Promise((r) => setTimeout(r, 150));
        const fresh = await traders[0].orderbook('BTC_USDT', { limit: LIMIT });
        drain();
        assert.deepEqual(local.view(), { asks: fresh.asks, bids: fresh.bids }, JSON.stringify(rest));
        await ws.close();
      }),
      { numRuns: 6, seed: SEED },
    );
  });
});
