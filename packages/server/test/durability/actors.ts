import assert from 'node:assert/strict';
import { MARKET, OPENING_PRICE } from './order-kinds.js';
import { acknowledged, admin, sign, send, type Actor, type Target } from './traffic.js';

/** What each actor starts with in its main account; three quarters go on to its spot account. */
const FUNDS = { USDT: 20_000, BTC: 2 } as const;

/** A signed request that must succeed (setting up, not traffic). */
async function must(server: Target, actor: Actor, path: string, fields: Record<string, unknown>): Promise<void> {
  const answer = await send(server, sign(actor, path, fields));
  assert.ok(acknowledged(answer), `${path}: ${JSON.stringify(answer.body)}`);
}

/**
 * Actors with one key each (trading, main account, withdrawals) and funds on both accounts; two of
 * them trade once so that the market has a last price for stops.
 */
export async function setUp(server: Target, count: number, unique: (p: string) => string): Promise<Actor[]> {
  const actors: Actor[] = [];
  for (let i = 0; i < count; i++) {
    const user = unique('actor');
    assert.equal((await admin(server, 'POST', '/admin/v1/users', { name: user })).status, 201);
    for (const [ticker, amount] of Object.entries(FUNDS)) {
      const funded = await admin(server, 'POST', '/admin/v1/deposits', { user, ticker, amount: String(amount) });
      assert.equal(funded.status, 201);
    }
    const key = await admin(server, 'POST', `/admin/v1/users/${user}/api-keys`, {
      permissions: ['trading', 'main-account', 'withdraw'],
    });
    const { apiKey, apiSecret } = key.body as { apiKey: string; apiSecret: string };
    const actor: Actor = { user, apiKey, apiSecret, nonce: Date.now(), transfers: 0, open: [] };
    for (const [ticker, amount] of Object.entries(FUNDS)) {
      const moved = String((amount * 3) / 4);
      await must(server, actor, '/api/v4/main-account/transfer', { ticker, amount: moved, from: 'main', to: 'spot' });
    }
    actors.push(actor);
  }
  const [seller, buyer] = actors as [Actor, Actor];
  const opening = { market: MARKET, amount: '0.001', price: OPENING_PRICE };
  await must(server, seller, '/api/v4/order/new', { ...opening, side: 'sell', clientOrderId: unique('open') });
  await must(server, buyer, '/api/v4/order/new', { ...opening, side: 'buy', clientOrderId: unique('open') });
  return actors;
}
