import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import {
  assertFor,
  FUZZ_CONFIG,
  isPrivateErrorBody,
  prepareFuzzVenue,
  signedPost,
  type Answer,
} from '../support/fuzz-venue.js';
import { invariantBreaches } from '../support/state-checks.js';
import { TestServer } from '../support/test-server.js';
import { ADDRESSES } from '../support/wallet-server.js';

const BUDGET_MS = Number(process.env.TXC_FUZZ_MS ?? 2500) * 3;
const USERS = ['c1', 'c2', 'c3'] as const;
const ACCOUNTS = ['main', 'spot', 'collateral'] as const;

/** One step a trader or the operator takes, always well-formed; the venue may still refuse it (funds, book). */
type Step =
  | { kind: 'spot'; user: number; side: 'buy' | 'sell'; type: string; offset: number; lots: number; activation: number }
  | { kind: 'perp'; user: number; side: 'buy' | 'sell'; type: 'limit' | 'market'; offset: number; lots: number }
  | { kind: 'cancel'; user: number; pick: number }
  | { kind: 'cancelAll'; user: number }
  | { kind: 'transfer'; user: number; ticker: 'BTC' | 'USDT'; cents: number; from: number; to: number }
  | { kind: 'withdraw'; user: number; lots: number }
  | { kind: 'settle'; pick: number; complete: boolean }
  | { kind: 'deposit'; user: number; ticker: 'BTC' | 'USDT'; cents: number }
  | { kind: 'index'; offset: number };

const user = fc.nat(USERS.length - 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('spot' as const),
      user,
      side: fc.constantFrom('buy' as const, 'sell' as const),
      type: fc.constantFrom('new', 'new', 'new', 'market', 'stock_market', 'stop_market', 'stop_limit'),
      offset: fc.integer({ min: -6, max: 6 }),
      lots: fc.integer({ min: 10, max: 20_000 }),
      activation: fc.integer({ min: 1, max: 5 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('perp' as const),
      user,
      side: fc.constantFrom('buy' as const, 'sell' as const),
      type: fc.constantFrom('limit' as const, 'market' as const),
      offset: fc.integer({ min: -6, max: 6 }),
      lots: fc.integer({ min: 1, max: 50 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, pick: fc.nat(1000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelAll' as const), user }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      user,
      ticker: fc.constantFrom('BTC' as const, 'USDT' as const),
      cents: fc.integer({ min: 1, max: 5_000_000 }),
      from: fc.nat(2),
      to: fc.nat(2),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('withdraw' as const), user, lots: fc.integer({ min: 1, max: 50 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('settle' as const), pick: fc.nat(1000), complete: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      user,
      ticker: fc.constantFrom('BTC' as const, 'USDT' as const),
      cents: fc.integer({ min: 100, max: 10_000_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('index' as const), offset: fc.integer({ min: -50, max: 50 }) }),
  },
);

/** `n` hundredths (USDT) or `n` × 10^-6 (BTC) as decimal text. */
function decimal(n: number, places: number): string {
  const text = String(n).padStart(places + 1, '0');
  return `${text.slice(0, -places)}.${text.slice(-places)}`;
}

/**
 * DESIGN §4: whatever sequence of well-formed requests traders and the operator send, through the
 * whole HTTP stack, every asset's holdings equal its deposits less its withdrawals, no balance goes
 * negative, holds match open orders, no book is crossed.
 */
describe('random valid request sequences keep the books balanced', () => {
  let server: TestServer;
  const keys: { apiKey: string; apiSecret: string }[] = [];
  const orders: { user: number; market: string; id: number }[] = [];
  let nonce = Date.now();
  let uniqueId = 0;

  before(async () => {
    server = await TestServer.start(FUZZ_CONFIG);
    await prepareFuzzVenue(server);
    for (const name of USERS) {
      const k = await server.user(name, { deposits: { BTC: '5', USDT: '500000' } });
      keys.push({ apiKey: k.apiKey, apiSecret: k.apiSecret });
      for (const [ticker, amount, to] of [
        ['BTC', '2', 'spot'],
        ['USDT', '200000', 'spot'],
        ['USDT', '100000', 'collateral'],
      ] as const) {
        const r = await signedPost(
          server.url,
          '/api/v4/main-account/transfer',
          keys.at(-1)!,
          JSON.stringify({
            request: '/api/v4/main-account/transfer',
            nonce: ++nonce,
            ticker,
            amount,
            from: 'main',
            to,
          }),
        );
        assert.equal(r.status, 201, JSON.stringify(r.body));
      }
    }
  });
  after(() => server.stop());

  const post = async (u: number, path: string, fields: Record<string, unknown>): Promise<Answer> => {
    const r = await signedPost(
      server.url,
      path,
      keys[u]!,
      JSON.stringify({ request: path, nonce: ++nonce, ...fields }),
    );
    assert.ok(
      r.status < 500 && (r.status < 400 || isPrivateErrorBody(r.body)),
      `${path} → ${r.status} ${JSON.stringify(r.body)}`,
    );
    const id = (r.body as { orderId?: unknown } | null)?.orderId;
    if (r.status < 300 && typeof id === 'number') orders.push({ user: u, market: String(fields.market), id });
    return r;
  };

  async function run(s: Step): Promise<void> {
    switch (s.kind) {
      case 'spot': {
        const price = String(60_000 + s.offset * 50);
        const byMoney = s.side === 'buy' && (s.type === 'market' || s.type === 'stop_market');
        const amount = byMoney ? decimal(s.lots * 6, 2) : decimal(s.lots, 6);
        const last = 60_000 + (s.side === 'buy' ? 1 : -1) * s.activation * 50;
        await post(s.user, `/api/v4/order/${s.type}`, {
          market: 'BTC_USDT',
          side: s.side,
          amount,
          ...(s.type === 'new' || s.type === 'stop_limit' ? { price } : {}),
          ...(s.type.startsWith('stop') ? { activation_price: String(last) } : {}),
        });
        return;
      }
      case 'perp':
        await post(s.user, `/api/v4/order/collateral/${s.type}`, {
          market: 'BTC_PERP',
          side: s.side,
          amount: decimal(s.lots, 3),
          ...(s.type === 'limit' ? { price: String(60_000 + s.offset * 50) } : {}),
        });
        return;
      case 'cancel': {
        const own = orders.filter((o) => o.user === s.user);
        const target = own[s.pick % Math.max(1, own.length)];
        if (target !== undefined)
          await post(s.user, '/api/v4/order/cancel', { market: target.market, orderId: target.id });
        return;
      }
      case 'cancelAll':
        await post(s.user, '/api/v4/order/cancel/all', {});
        return;
      case 'transfer':
        if (s.from === s.to) return;
        await post(s.user, '/api/v4/main-account/transfer', {
          ticker: s.ticker,
          amount: s.ticker === 'USDT' ? decimal(s.cents, 2) : decimal(s.cents, 6),
          from: ACCOUNTS[s.from],
          to: ACCOUNTS[s.to],
        });
        return;
      case 'withdraw':
        await post(s.user, '/api/v4/main-account/withdraw', {
          ticker: 'BTC',
          amount: decimal(s.lots, 3),
          address: ADDRESSES.bitcoin,
          uniqueId: `cons-${++uniqueId}`,
        });
        return;
      case 'settle': {
        const pending = (await server.admin('GET', '/admin/v1/withdrawals')).body as { transactionId: string }[];
        const w = pending[s.pick % Math.max(1, pending.length)];
        if (w === undefined) return;
        const r = await server.admin(
          'POST',
          `/admin/v1/withdrawals/${w.transactionId}/${s.complete ? 'complete' : 'reject'}`,
          {},
        );
        assert.equal(r.status, 200, JSON.stringify(r.body));
        return;
      }
      case 'deposit': {
        const amount = s.ticker === 'USDT' ? decimal(s.cents, 2) : decimal(s.cents, 6);
        const r = await server.admin('POST', '/admin/v1/deposits', { user: USERS[s.user], ticker: s.ticker, amount });
        // Below the network's minimum deposit the intake refuses it, as it should.
        assert.ok(r.status === 201 || r.status === 400, JSON.stringify(r.body));
        return;
      }
      case 'index': {
        const r = await server.admin('POST', '/admin/v1/index-prices', {
          ticker: 'BTC',
          price: String(60_000 + s.offset * 100),
        });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        return;
      }
    }
  }

  it('holdings equal deposits less withdrawals after every sequence, and every other invariant holds', async (t) => {
    const venue = server.server.venue;
    let runs = 0;
    let steps = 0;
    await assertFor(
      fc.array(step, { minLength: 1, maxLength: 25 }),
      async (sequence) => {
        runs++;
        for (const s of sequence) {
          steps++;
          await run(s);
        }
        // Jobs that follow price moves (liquidations) commit on their own: wait for them.
        await new Promise((resolve) => setImmediate(resolve));
        await venue.barrier();
        assert.deepEqual(invariantBreaches(venue.state), []);
      },
      BUDGET_MS,
    );
    assert.ok(runs >= 3, `only ${runs} sequences in ${BUDGET_MS} ms`);
    t.diagnostic(`${runs} sequences, ${steps} steps, ${orders.length} orders placed`);
  });
});
