import { median, type Measurement, type Suite, type SuiteReport } from '../suite.js';
import { startChild } from './children.js';
import { ORDER_NEW_PATH, OrderFlow, restingOrders } from './order-flow.js';
import { AUTH_ONLY_PATH, BALANCE_PATH } from './signed-routes.js';
import { getLoad, signedLoad, signRequest, type BenchKey, type LoadOptions } from './signed-load.js';

const CONNECTIONS = 100;
const DURATION = Number(process.env.TXC_BENCH_SECONDS ?? '10');

async function admin(url: string, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Half of what each bench user holds moves to its spot account, where its orders draw from. */
const SPOT = { USDT: '50000', BTC: '5' } as const;

/**
 * One user and key per connection, each holding funds on its main account (balance reads are not
 * empty) and on its spot account (it can trade).
 */
export async function benchKeys(url: string, token: string, count: number, prefix: string): Promise<BenchKey[]> {
  const keys: BenchKey[] = [];
  for (let i = 0; i < count; i++) {
    const user = `${prefix}${i}`;
    await admin(url, token, 'POST', '/admin/v1/users', { name: user });
    await admin(url, token, 'POST', '/admin/v1/deposits', { user, ticker: 'USDT', amount: '100000' });
    await admin(url, token, 'POST', '/admin/v1/deposits', { user, ticker: 'BTC', amount: '10' });
    const key = (await admin(url, token, 'POST', `/admin/v1/users/${user}/api-keys`, {
      permissions: ['trading', 'main-account'],
    })) as {
      apiKey: string;
      apiSecret: string;
    };
    const bench: BenchKey = { apiKey: key.apiKey, apiSecret: key.apiSecret, nonce: 0 };
    for (const [ticker, amount] of Object.entries(SPOT)) {
      const path = '/api/v4/main-account/transfer';
      const request = signRequest(bench, path, { ticker, amount, from: 'main', to: 'spot' });
      const response = await fetch(`${url}${path}`, { method: 'POST', ...request });
      if (response.status !== 201) throw new Error(`transfer for ${user}: ${response.status} ${await response.text()}`);
    }
    keys.push(bench);
  }
  return keys;
}

/** The four routes, measured in turn this many times; the median of each is kept (the cores are shared). */
const ROUNDS = Number(process.env.TXC_BENCH_ROUNDS ?? '3');

/** The routes in the order they take turns: what the report calls them, and its short name in the notes. */
const ROUTES = [
  { label: 'bare Fastify route ["pong"] (peer)', name: 'bare' },
  { label: 'txc authentication only (signed POST)', name: 'auth-only' },
  { label: 'signed main-account/balance', name: 'balance' },
  { label: 'signed order/new (journal on, fsync per group commit)', name: 'order/new' },
] as const;

/**
 * The foundation's three routes, measured in one run on 127.0.0.1 with 100 connections: a bare
 * Fastify route (the peer), txc's authentication alone on a signed POST, and the signed
 * main-account balance (authentication, nonce committed with group commit, the read); and in the
 * same run, signed order/new with the journal on (each group commit fsynced), on an order flow
 * every answer of which is a success (order-flow.ts). The routes take turns, round after round, so
 * that a change in the machine's load between two of them weighs on every route alike.
 */
export const foundationSuite: Suite = {
  name: 'http',
  description:
    `autocannon, ${CONNECTIONS} connections (one key each), ${DURATION} s per route, the four routes in turn ${ROUNDS} times ` +
    '(the median of each route is kept) after a 3 s warm-up of each; servers in their own processes; ' +
    'txc on SQLite with its journal on (synchronous=FULL: each group commit fsynced).',
  async run(): Promise<SuiteReport> {
    const bare = await startChild<{ url: string }>('./bare-server.ts');
    const txc = await startChild<{ url: string; adminToken: string }>('./txc-server.ts');
    try {
      const keys = await benchKeys(txc.info.url, txc.info.adminToken, CONNECTIONS, 'bench');
      const flow = new OrderFlow();
      const on = (url: string, seconds: number): LoadOptions => ({
        url,
        connections: CONNECTIONS,
        durationSeconds: seconds,
      });
      const loads: ((label: string, seconds: number) => Promise<Measurement>)[] = [
        (label, seconds) => getLoad(label, '/ping', on(bare.info.url, seconds)),
        (label, seconds) => signedLoad(label, AUTH_ONLY_PATH, keys, on(txc.info.url, seconds)),
        (label, seconds) => signedLoad(label, BALANCE_PATH, keys, on(txc.info.url, seconds)),
        (label, seconds) => signedLoad(label, ORDER_NEW_PATH, keys, on(txc.info.url, seconds), flow.next),
      ];
      for (const load of loads) await load('warm-up', 3);
      const runs: Measurement[][] = loads.map(() => []);
      for (let round = 0; round < ROUNDS; round++)
        for (const [i, load] of loads.entries()) runs[i]?.push(await load(ROUTES[i]?.label ?? '', DURATION));
      const [bareM, auth, balance, order] = runs.map(median) as [Measurement, Measurement, Measurement, Measurement];
      const resting = await restingOrders(txc.info.url);
      const perRound = Array.from({ length: ROUNDS }, (_, round) =>
        runs
          .map((r, i) => `${ROUTES[i]?.name} ${Math.round(r[round]?.perSecond ?? 0).toLocaleString('en-US')}`)
          .join(', '),
      );
      return {
        measurements: [bareM, auth, balance, order],
        ratios: [
          { label: 'auth-only / bare', value: auth.perSecond / bareM.perSecond, target: 0.35 },
          { label: 'balance / auth-only', value: balance.perSecond / auth.perSecond, target: 0.85 },
          { label: 'order/new / auth-only', value: order.perSecond / auth.perSecond, target: 0.6 },
        ],
        notes: [
          `Requests/s of each round: ${perRound.map((r, i) => `(${i + 1}) ${r}`).join('; ')}.`,
          `Orders resting in the BTC_USDT book after the order/new runs: ${resting}.`,
        ],
      };
    } finally {
      await txc.stop();
      await bare.stop();
    }
  },
};
