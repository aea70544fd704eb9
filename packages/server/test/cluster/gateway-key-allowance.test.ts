import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TxcStream } from '@txc/sdk';
import { TxcStreamError } from '@txc/sdk';
import type { Config } from '../../src/config/schema.js';
import { setUp } from '../durability/actors.js';
import { MARKET } from '../durability/order-kinds.js';
import { send, sign, type Actor } from '../durability/traffic.js';
import type { ChildServer } from '../support/child-server.js';
import { natsSkipReason } from '../support/nats.js';
import { postgresSkipReason } from '../support/postgres.js';
import { startGatewayCluster, type GatewayCluster } from './gateway-cluster.js';
import { streamOn } from './stream-client.js';

/** A key's `order` allowance, small enough to spend, long enough not to renew during the test. */
const ORDER_LIMIT = 6;
const LIMITS = { rateLimits: { groups: { order: { limit: ORDER_LIMIT, windowMs: 600_000 } } } } as Partial<Config>;

/**
 * Without Redis, as with it, a key's order methods on any gateway's sockets are counted by the
 * leader with its REST requests through every gateway: opening sockets on more gateways buys no more.
 */
describe("a key's order allowance across gateways, sockets and REST", async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason());
  if (skip !== undefined) {
    it('runs against a real PostgreSQL and NATS', { skip }, () => undefined);
    return;
  }
  let cluster: GatewayCluster;
  let g1: ChildServer;
  let g2: ChildServer;
  let actor: Actor;
  const streams: TxcStream[] = [];

  before(async () => {
    cluster = await startGatewayCluster('key-allowance', LIMITS);
    ({ g1, g2 } = cluster);
    let n = 0;
    // the first two trade once as they are set up; the third has spent nothing
    actor = (await setUp(g1, 3, (p) => `${p}${++n}`))[2]!;
  });
  after(async () => {
    for (const stream of streams) stream.close();
    await cluster?.destroy();
  });

  it('REST through one gateway and sockets on both share one count: 10001 on a socket, 429 over REST', async () => {
    const order = { market: MARKET, side: 'buy', amount: '0.001', price: '20000.5' };
    const rest = async (): Promise<number> => (await send(g1, sign(actor, '/api/v4/order/new', order))).status;
    assert.equal(await rest(), 200);
    assert.equal(await rest(), 200);
    for (const gateway of [g1, g2]) {
      const stream = await streamOn(gateway, actor);
      streams.push(stream);
      await stream.authorize();
      await stream.order('order_limit_place', { market: MARKET, side: 'buy', amount: '0.001', price: '20000.5' });
      await stream.order('order_limit_place', { market: MARKET, side: 'buy', amount: '0.001', price: '20000.5' });
    }
    await assert.rejects(
      streams[1]!.order('order_limit_place', { market: MARKET, side: 'buy', amount: '0.001', price: '20000.5' }),
      (e: unknown) => e instanceof TxcStreamError && e.code === 10001,
    );
    assert.equal(await rest(), 429);
  });
});
