import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import type { TxcStream } from '@txc/sdk';
import { TxcStreamError } from '@txc/sdk';
import type { WebSocket } from 'ws';
import { setUp } from '../durability/actors.js';
import { MARKET } from '../durability/order-kinds.js';
import { acknowledged, admin, send, sign, type Actor, type Target } from '../durability/traffic.js';
import { health, leading } from '../durability/venue-processes.js';
import type { ChildServer } from '../support/child-server.js';
import { natsSkipReason } from '../support/nats.js';
import { postgresSkipReason } from '../support/postgres.js';
import { startGatewayCluster, type GatewayCluster } from './gateway-cluster.js';
import { arrives, mentions, streamOn, updates, WS_INTERNAL_ERROR } from './stream-client.js';

describe('WebSocket streams on gateways', async () => {
  const skip = (await postgresSkipReason()) ?? (await natsSkipReason());
  if (skip !== undefined) {
    it('runs against a real PostgreSQL and NATS', { skip }, () => undefined);
    return;
  }
  let cluster: GatewayCluster;
  let nodeA: ChildServer;
  let nodeB: ChildServer;
  let g1: ChildServer;
  let g2: ChildServer;
  let actors: Actor[];
  const streams: TxcStream[] = [];
  const open = async (gateway: Target, actor?: Actor): Promise<TxcStream> => {
    const stream = await streamOn(gateway, actor);
    streams.push(stream);
    return stream;
  };
  /** A signed request of `by` (the first actor) through G1 that must be acknowledged; its body. */
  const must = async (path: string, fields: Record<string, unknown>, by?: Actor): Promise<unknown> => {
    const answer = await send(g1, sign(by ?? actors[0]!, path, fields));
    assert.ok(acknowledged(answer), `${path}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  /** A spot sub-account of the first actor, made through G1. */
  const subAccount = async (alias: string): Promise<string> => {
    const permissions = { spotEnabled: true, collateralEnabled: false };
    const made = (await must('/api/v4/sub-account/create', { alias, shareKyc: true, permissions })) as { id: string };
    return made.id;
  };
  /** A key of sub-account `sub`, as an actor that signs with it. */
  const subAccountKey = async (sub: string, title: string): Promise<{ id: string; actor: Actor }> => {
    const key = (await must('/api/v4/sub-account/api-key/create', { type: 1, subAccountId: sub, title })) as {
      id: string;
      apiKey: string;
      apiSecret: string;
    };
    return { id: key.id, actor: { ...key, user: sub, nonce: Date.now(), transfers: 0, open: [] } };
  };
  /** The code a stream's socket closes with, once it has. */
  const closeCode = (stream: TxcStream): { code?: number } => {
    const seen: { code?: number } = {};
    (stream as unknown as { socket: WebSocket }).socket.addEventListener('close', (e) => (seen.code = e.code));
    return seen;
  };
  /** Waits (at most 10 s) until a socket closed. */
  const closes = async (seen: { code?: number }): Promise<void> => {
    const deadline = performance.now() + 10_000;
    while (seen.code === undefined && performance.now() < deadline) await sleep(20);
  };

  before(async () => {
    cluster = await startGatewayCluster('gateway-streams');
    ({ nodeA, nodeB, g1, g2 } = cluster);
    let n = 0;
    actors = await setUp(g1, 3, (p) => `${p}${++n}`);
  });
  after(async () => {
    for (const stream of streams) stream.close();
    await cluster?.destroy();
  });

  it('a trade made through one gateway is pushed by the other, and its /health says what it applied', async () => {
    const stream = await open(g2);
    const trades = await updates(stream, 'trades', [MARKET]);
    const depth = await updates(stream, 'depth', [MARKET, 10, '0', true]);
    await arrives(depth, () => true, 'the depth snapshot');
    const [seller, buyer] = actors as [Actor, Actor];
    const fields = { market: MARKET, amount: '0.002', price: '30123.45' };
    const sold = await send(g1, sign(seller, '/api/v4/order/new', { ...fields, side: 'sell' }));
    assert.ok(acknowledged(sold), JSON.stringify(sold.body));
    await arrives(depth, mentions('30123.45'), 'the resting sell in a depth update');
    const bought = await send(g1, sign(buyer, '/api/v4/order/new', { ...fields, side: 'buy' }));
    assert.ok(acknowledged(bought), JSON.stringify(bought.body));
    await arrives(trades, mentions('30123.45'), 'the trade');
    const led = await health<{ seq: number }>(nodeA);
    const applied = await health<{ applied: number; cluster: { role: string } }>(g2);
    assert.equal(applied?.cluster.role, 'gateway');
    assert.ok(applied.applied >= led!.seq, `the gateway applied ${applied?.applied}, the leader committed ${led?.seq}`);
  });

  it('the socket’s order methods go to the leader; the account streams push them', async () => {
    const actor = actors[2]!;
    const stream = await open(g2, actor);
    const pending = await updates(stream, 'ordersPending', [MARKET]);
    const balances = await updates(stream, 'balanceSpot', ['USDT']);
    const placed = await stream.request<{ id: number; price: string }>('order_limit_place', [
      { market: MARKET, side: 'buy', amount: '0.001', price: '20000.5', client_order_id: 'on-a-gateway' },
    ]);

    assert.equal(placed.price, '20000.5');
    await arrives(pending, mentions(`"id":${placed.id}`), 'the new order in ordersPending');
    await arrives(balances, () => true, 'the balance held for the order');
    // the other gateway's REST sees it: the leader has it
    const active = await send(g1, sign(actor, '/api/v4/orders', { market: MARKET }));
    assert.ok(JSON.stringify(active.body).includes(`"orderId":${placed.id}`), JSON.stringify(active.body));
    const cancelled = await stream.request<{ id: number }>('order_cancel', [{ market: MARKET, order_id: placed.id }]);
    assert.equal(cancelled.id, placed.id);
    await arrives(pending, (u) => Array.isArray(u) && u[0] === 3, 'the cancelled order, event 3');
    // more than the account holds: the engine's refusal comes back as a single server answers it
    const refused = stream.request('order_limit_place', [
      { market: MARKET, side: 'buy', amount: '100', price: '1000' },
    ]);
    await assert.rejects(refused, (e: unknown) => {
      assert.ok(e instanceof TxcStreamError);
      assert.notEqual(e.code, WS_INTERNAL_ERROR, e.message);
      assert.match(e.message, /balance/i);
      return true;
    });
  });

  it('revoking a key through one gateway closes its sockets on the other', async () => {
    const actor = actors[1]!;
    const stream = await streamOn(g2, actor);
    let closedWith: number | undefined;
    const socket = (stream as unknown as { socket: WebSocket }).socket;
    socket.addEventListener('close', (event) => (closedWith = event.code));
    const revoked = await admin(g1, 'DELETE', `/admin/v1/api-keys/${actor.apiKey}`);
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    const deadline = performance.now() + 10_000;
    while (closedWith === undefined && performance.now() < deadline) await sleep(20);
    stream.close();
    assert.equal(closedWith, 4003);
  });

  it('a gateway started while trades are committed counts each of them once in its 24-hour statistics', async () => {
    // it loads the state at one commit and the deals at a later one: the trades between come as its events too
    const [seller, buyer] = [actors[0]!, actors[2]!];
    const fields = { market: MARKET, amount: '0.001', price: '30222.22' };
    let trading = true;
    let crosses = 0;
    const making = (async () => {
      while (trading) {
        for (const [actor, side] of [
          [seller, 'sell'],
          [buyer, 'buy'],
        ] as const) {
          const answer = await send(g1, sign(actor, '/api/v4/order/new', { ...fields, side }));
          assert.ok(acknowledged(answer), JSON.stringify(answer.body));
        }
        crosses++;
      }
    })();
    let g3: ChildServer;
    try {
      g3 = await cluster.startGateway('G3');
    } finally {
      trading = false;
      await making;
    }
    assert.ok(crosses > 0);
    const led = (await health<{ seq: number }>(nodeA))!.seq;
    for (const gateway of [g2, g3]) {
      const deadline = performance.now() + 10_000;
      while (((await health<{ applied: number }>(gateway))?.applied ?? 0) < led) {
        assert.ok(performance.now() < deadline, `${gateway.url} never applied ${led}`);
        await sleep(20);
      }
    }
    // G2 has followed since before the first trade: it saw each one once
    const [before, started] = await Promise.all(
      [g2, g3].map(async (gateway) => (await open(gateway)).request('market_request', [MARKET, 86_400])),
    );
    assert.deepEqual(started, before);
  });

  it('a key’s allow-list narrowed through one gateway closes the sockets it leaves out on the other', async () => {
    const sub = await subAccount('gwdesk');
    await must('/api/v4/sub-account/transfer', { id: sub, direction: 'main_to_sub', ticker: 'USDT', amount: '50' });
    const kept = await subAccountKey(sub, 'kept');
    const dropped = await subAccountKey(sub, 'dropped');
    const keptStream = await open(g2, kept.actor);
    const balances = await updates(keptStream, 'balanceSpot', ['USDT']);
    const keptClosed = closeCode(keptStream);
    const droppedClosed = closeCode(await open(g2, dropped.actor));

    // the gateways re-check a changed key's sockets in the order the leader announced the changes
    await must('/api/v4/sub-account/api-key/ip-address/create', { apiKeyId: kept.id, ip: '127.0.0.1' });
    await must('/api/v4/sub-account/api-key/ip-address/create', { apiKeyId: dropped.id, ip: '203.0.113.7' });
    await closes(droppedClosed);
    assert.equal(droppedClosed.code, 4005);
    assert.equal(keptClosed.code, undefined);
    await must('/api/v4/main-account/transfer', { ticker: 'USDT', amount: '5', from: 'main', to: 'spot' }, kept.actor);
    await arrives(balances, mentions('"available":"5"'), 'the kept socket’s balance update');
    assert.equal(keptClosed.code, undefined);
  });

  it('a sub-account blocked through one gateway closes its keys’ sockets on the other (4006) until unblocked', async () => {
    const sub = await subAccount('gwblocked');
    const { actor } = await subAccountKey(sub, 'b');
    const stream = await open(g2, actor);
    await updates(stream, 'balanceSpot', ['USDT']);
    const { websocket_token: cached } = (await must('/api/v4/profile/websocket_token', {}, actor)) as {
      websocket_token: string;
    };
    const closed = closeCode(stream);

    await must('/api/v4/sub-account/block', { id: sub });
    await closes(closed);
    stream.close();
    assert.equal(closed.code, 4006);
    // the cached token authorizes no socket on the gateway; once unblocked (and the gateway has applied it), it does
    const again = await open(g2);
    await assert.rejects(again.request('authorize', [cached, 'public']), (e: unknown) => {
      assert.ok(e instanceof TxcStreamError);
      assert.equal(e.code, 1);
      assert.match(e.message, /blocked/);
      return true;
    });
    await must('/api/v4/sub-account/unblock', { id: sub });
    let authorized: unknown;
    const deadline = performance.now() + 10_000;
    while (authorized === undefined && performance.now() < deadline) {
      authorized = await again.request('authorize', [cached, 'public']).catch(() => sleep(50).then(() => undefined));
    }
    assert.deepEqual(authorized, { status: 'success' });
  });

  it('streams on a gateway go on across the leader’s kill -9', async () => {
    const stream = await open(g1);
    const trades = await updates(stream, 'trades', [MARKET]);
    await nodeA.crash();
    await leading(nodeB);
    // the second actor's key was revoked above
    const [seller, buyer] = [actors[0]!, actors[2]!];
    const fields = { market: MARKET, amount: '0.001', price: '30555.55' };
    for (const [actor, side] of [
      [seller, 'sell'],
      [buyer, 'buy'],
    ] as const) {
      const answer = await send(g2, sign(actor, '/api/v4/order/new', { ...fields, side }));
      assert.ok(acknowledged(answer), JSON.stringify(answer.body));
    }
    await arrives(trades, mentions('30555.55'), 'the trade the new leader made');
  });
});
