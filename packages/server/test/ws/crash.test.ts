import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { TxcClient, type Order } from '@txc/sdk';
import type { Config } from '../../src/config/schema.js';
import { DEMO_VENUE_FILE } from '../../src/process/serve.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { createTestDatabase, type TestDatabase } from '../support/postgres.js';
import { TEST_STORE } from '../support/test-server.js';
import { WsTestClient } from '../support/ws-client.js';

const UNLIMITED = { limit: 1_000_000, windowMs: 10_000 };
/** Acknowledged orders before the kill: enough that some commits are in flight when it comes. */
const ACKNOWLEDGED_BEFORE_KILL = 40;
const LOOPS = 4;

async function admin(server: ChildServer, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text === '' ? null : JSON.parse(text);
}

/** A user with spot funds and a key; the client signs with nonceWindow (several requests in flight). */
async function funded(server: ChildServer, name: string): Promise<{ key: string; secret: string }> {
  await admin(server, 'POST', '/admin/v1/users', { name, eea: false });
  for (const [ticker, amount] of [
    ['BTC', '10'],
    ['USDT', '1000000'],
  ] as const) {
    await admin(server, 'POST', '/admin/v1/deposits', { user: name, ticker, amount });
  }
  const created = (await admin(server, 'POST', `/admin/v1/users/${name}/api-keys`, {
    permissions: ['trading', 'main-account'],
    ips: [],
  })) as { apiKey: string; apiSecret: string };
  const client = clientOf(server, { key: created.apiKey, secret: created.apiSecret });
  await client.transfer({ ticker: 'BTC', amount: '10', from: 'main', to: 'spot' });
  await client.transfer({ ticker: 'USDT', amount: '1000000', from: 'main', to: 'spot' });
  return { key: created.apiKey, secret: created.apiSecret };
}

function clientOf(server: ChildServer, k: { key: string; secret: string }): TxcClient {
  return new TxcClient({ baseUrl: server.url, apiKey: k.key, apiSecret: k.secret, nonceWindow: true });
}

/** Every trade of a market, newest first, paged through trades_request. */
async function allTrades(ws: WsTestClient, market: string): Promise<{ id: number }[]> {
  const out: { id: number }[] = [];
  let from = 0;
  for (;;) {
    const page = (await ws.call('trades_request', [market, 100, from])) as { id: number }[];
    const fresh = from === 0 ? page : page.filter((t) => t.id < from);
    out.push(...fresh);
    if (fresh.length === 0 || page.length < 100) return out;
    from = (fresh.at(-1) as { id: number }).id;
  }
}

describe('WebSocket across a crash (kill -9)', () => {
  test('what was pushed survives; a resubscribe shows every acknowledged order', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'txc-ws-crash-'));
    const database: TestDatabase | undefined = TEST_STORE === 'postgres' ? await createTestDatabase() : undefined;
    const flags: Partial<Config> = {
      dataDir,
      database: database?.url ?? 'sqlite',
      venue: DEMO_VENUE_FILE,
      fundingSettlement: 'admin',
      rateLimits: { perIp: UNLIMITED, public: UNLIMITED, groups: { order: UNLIMITED, 'trade-account': UNLIMITED } },
    };
    let server = await startChildServer(flags);
    try {
      const makerKey = await funded(server, 'crashmaker');
      const takerKey = await funded(server, 'crashtaker');
      const maker = clientOf(server, makerKey);
      const taker = clientOf(server, takerKey);
      const ws = await WsTestClient.connect(server.url);
      await ws.call('trades_subscribe', ['BTC_USDT']);
      await ws.call('depth_subscribe', ['BTC_USDT', 100, '0', true]);

      // crossing orders from several loops at once, until the server is killed under them
      const acknowledged: Order[] = [];
      let killed = false;
      const loop = async (l: number): Promise<void> => {
        for (let i = 0; !killed; i++) {
          const price = String(50000 + l * 100 + (i % 50));
          try {
            acknowledged.push(await maker.orderNew({ market: 'BTC_USDT', side: 'sell', amount: '0.002', price }));
            acknowledged.push(await taker.orderNew({ market: 'BTC_USDT', side: 'buy', amount: '0.001', price }));
          } catch {
            return;
          }
        }
      };
      const loops = Array.from({ length: LOOPS }, (_, l) => loop(l));
      while (acknowledged.length < ACKNOWLEDGED_BEFORE_KILL) await new Promise((r) => setTimeout(r, 10));
      killed = true;
      await server.crash();
      await Promise.all(loops);
      await ws.closed;
      const pushedTrades = ws
        .pushes('trades_update')
        .flatMap((p) => (p.params as [string, { id: number }[]])[1].map((t) => t.id));
      assert.ok(pushedTrades.length > 0, 'trades were pushed before the kill');

      server = await startChildServer(flags);
      const after = await WsTestClient.connect(server.url);
      // every trade pushed before the kill was durable: the restarted venue has it
      const durable = new Set((await allTrades(after, 'BTC_USDT')).map((t) => t.id));
      assert.deepEqual(
        pushedTrades.filter((id) => !durable.has(id)),
        [],
      );

      // the depth snapshot is the restarted engine's book, and holds every acknowledged order still open
      await after.call('depth_subscribe', ['BTC_USDT', 100, '0', true]);
      const [full, snapshot] = (await after.nextPush('depth_update')).params as [
        boolean,
        { asks: [string, string][]; bids: [string, string][] },
      ];
      assert.equal(full, true);
      const restMaker = clientOf(server, makerKey);
      const book = await restMaker.orderbook('BTC_USDT', { limit: 100 });
      assert.deepEqual({ asks: snapshot.asks, bids: snapshot.bids }, { asks: book.asks, bids: book.bids });
      const open = new Map<number, Order>();
      for (const k of [makerKey, takerKey]) {
        for (const o of await clientOf(server, k).activeOrders({ market: 'BTC_USDT', limit: 100 }))
          open.set(o.orderId, o);
      }
      const levels = new Map(snapshot.asks.map(([p, a]) => [p, Number(a)]));
      for (const order of acknowledged) {
        const still = open.get(order.orderId);
        if (still === undefined) {
          // not open: it traded, and its deals are durable
          const deals = await clientOf(server, order.side === 'sell' ? makerKey : takerKey).orderDeals({
            orderId: order.orderId,
          });
          assert.ok(deals.records.length > 0, `acknowledged order ${order.orderId} is known after the restart`);
        } else if (still.side === 'sell') {
          assert.ok((levels.get(still.price) ?? 0) >= Number(still.left), `order ${order.orderId} is in the snapshot`);
        }
      }
      await after.close();
    } finally {
      await server.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    }
  });
});
