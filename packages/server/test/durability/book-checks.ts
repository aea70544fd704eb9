import assert from 'node:assert/strict';
import { formatUnits, isStop, openOrdersOf, type Order, type State } from '@txc/core';
import { orderBody } from '../../src/http/trading/order-body.js';
import { MARKET } from './order-kinds.js';
import { sign, send, type Actor, type Target } from './traffic.js';
import type { World } from './world.js';

const PAGE = 100;

/** Every open order of an actor on the traffic's market, newest first, as the restarted server lists them. */
async function servedOpenOrders(server: Target, actor: Actor): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const answer = await send(server, sign(actor, '/api/v4/orders', { market: MARKET, limit: PAGE, offset }));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const page = answer.body as Record<string, unknown>[];
    out.push(...page);
    if (page.length < PAGE) return out;
  }
}

/**
 * Open orders and waiting stops are back exactly: the restarted server (started from its snapshot
 * and journal tail) lists each actor's open orders as the test's own replay of the journal from
 * genesis holds them, field for field. The actors' cancels then pick from what is really open.
 */
export async function checkOpenOrders(server: Target, actors: readonly Actor[], world: World): Promise<void> {
  for (const actor of actors) {
    const served = await servedOpenOrders(server, actor);
    const replayed = openOrdersOf(world.state.trading, actor.user)
      .filter((o) => o.market === MARKET)
      .reverse()
      .map((o) => orderBody(world.state, o));
    assert.deepEqual(served, JSON.parse(JSON.stringify(replayed)), `open orders of ${actor.user}`);
    actor.open = served.map((o) => ({ orderId: o.order_id as number, clientOrderId: o.client_order_id as string }));
  }
}

/** Resting in the book (not a stop still waiting for its trigger). */
function rests(o: Order): boolean {
  return !isStop(o) || (o.type === 'stop limit' && o.activated !== 0);
}

/** The visible levels of one side as the public order book shows them, computed from the open orders alone. */
function levelsOf(state: State, side: 'buy' | 'sell'): [string, string][] {
  const spec = state.markets.get(MARKET);
  assert.ok(spec !== undefined);
  const lots = new Map<number, number>();
  for (const o of state.trading.orders.values()) {
    if (o.market === MARKET && o.side === side && rests(o)) lots.set(o.price, (lots.get(o.price) ?? 0) + o.left);
  }
  return [...lots]
    .sort(([a], [b]) => (side === 'buy' ? b - a : a - b))
    .slice(0, PAGE)
    .map(([price, l]) => [formatUnits(BigInt(price), spec.moneyPrec), formatUnits(BigInt(l), spec.stockPrec)]);
}

/**
 * The books: in the state rebuilt from the journal, the book and the trigger list hold exactly the
 * open orders that rest or wait; and the restarted server's public order book shows the levels
 * those orders make.
 */
export async function checkBooks(server: Target, world: World): Promise<void> {
  const state = world.state;
  const market = state.trading.markets.get(MARKET);
  assert.ok(market !== undefined, 'the traffic market traded');
  const open = [...state.trading.orders.values()].filter((o) => o.market === MARKET);
  const ids = (orders: readonly Order[]): number[] => orders.map((o) => o.id).sort((a, b) => a - b);
  for (const side of ['buy', 'sell'] as const) {
    assert.deepEqual(
      ids(market.book.entries(side)),
      ids(open.filter((o) => o.side === side && rests(o))),
      `the ${side} book holds the resting open orders`,
    );
  }
  assert.equal(market.stops.size, open.filter((o) => !rests(o)).length, 'the trigger list holds the waiting stops');

  const response = await fetch(`${server.url}/api/v4/public/orderbook/${MARKET}?limit=${PAGE}`);
  const book = (await response.json()) as { asks: unknown; bids: unknown };
  assert.deepEqual(
    { asks: book.asks, bids: book.bids },
    { asks: levelsOf(state, 'sell'), bids: levelsOf(state, 'buy') },
    'the public order book after the restart',
  );
}

/**
 * The open orders an independent reading of the store implies: every order the journal placed
 * (each with its own client order id) that the finished-orders read model does not hold.
 */
export function checkOpenOrderModel(world: World): void {
  const key = (user: string, clientOrderId: string): string => `${user}/${clientOrderId}`;
  const placed = new Set<string>();
  for (const { command: c } of world.journal) {
    if (c.type !== 'PlaceOrder') continue;
    assert.notEqual(c.clientOrderId, '', 'every order of the crash traffic has a client order id');
    placed.add(key(c.user, c.clientOrderId));
  }
  const finished = new Set(world.finished.map((f) => key(f.user, f.clientOrderId)));
  for (const f of finished) assert.ok(placed.has(f), `finished order ${f} was placed`);
  const expected = [...placed].filter((k) => !finished.has(k)).sort();
  const open = [...world.state.trading.orders.values()].map((o) => key(o.user, o.clientOrderId)).sort();
  assert.deepEqual(open, expected, 'open orders: placed in the journal and not finished in the read model');
}
