import { percent, perSecond, roundRatios, takeTurns, type Turn } from '../rounds.js';
import { median, type Measurement, type Suite, type SuiteReport } from '../suite.js';
import { startChild } from './children.js';
import { ORDER_NEW_PATH, OrderFlow, restingOrders } from './order-flow.js';
import { AUTH_ONLY_PATH, BALANCE_PATH } from './signed-routes.js';
import { getLoad, signedLoad, signRequest, type BenchKey, type LoadOptions } from './signed-load.js';

const CONNECTIONS = 100;
/** Seconds per run: short, so that the runs of one round are close in time (see ROUNDS). */
const DURATION = Number(process.env.TXC_BENCH_SECONDS ?? '3');

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

/** The four routes take turns this many times (rounds.ts says why). */
const ROUNDS = Number(process.env.TXC_BENCH_ROUNDS ?? '12');

/** The routes in the order of the first round's turns: what the report calls them, and its short name in the notes. */
const ROUTES = [
  { label: 'bare Fastify route ["pong"] (peer)', name: 'bare' },
  { label: 'txc authentication only (signed POST)', name: 'auth-only' },
  { label: 'signed main-account/balance', name: 'balance' },
  { label: 'signed order/new (journal on, fsync per group commit)', name: 'order/new' },
] as const;

/** The ratios the targets are about, by the routes' places in ROUTES. */
const RATIOS = [
  { label: 'auth-only / bare', of: 1, to: 0, target: 0.35 },
  { label: 'balance / auth-only', of: 2, to: 1, target: 0.85 },
  { label: 'order/new / auth-only', of: 3, to: 1, target: 0.6 },
] as const;

/**
 * The foundation's three routes, measured in one run on 127.0.0.1 with 100 connections: a bare
 * Fastify route (the peer), txc's authentication alone on a signed POST, and the signed
 * main-account balance (authentication, nonce committed with group commit, the read); and in the
 * same run, signed order/new with the journal on (each group commit fsynced), on an order flow
 * every answer of which is a success (order-flow.ts). The routes take turns, round after round, and
 * each ratio is the median of the rounds' own ratios: a change in the machine's speed between two
 * rounds weighs on the routes of a round alike.
 */
export const foundationSuite: Suite = {
  name: 'http',
  description:
    `autocannon, ${CONNECTIONS} connections (one key each), ${DURATION} s per route, the four routes in turn ${ROUNDS} times ` +
    '(each round starting one route later) after a 3 s warm-up of each; the median of each route and of each ratio ' +
    'of the rounds is kept; servers in their own processes; ' +
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
      const loads: Turn['load'][] = [
        (label, seconds) => getLoad(label, '/ping', on(bare.info.url, seconds)),
        (label, seconds) => signedLoad(label, AUTH_ONLY_PATH, keys, on(txc.info.url, seconds)),
        (label, seconds) => signedLoad(label, BALANCE_PATH, keys, on(txc.info.url, seconds)),
        (label, seconds) => signedLoad(label, ORDER_NEW_PATH, keys, on(txc.info.url, seconds), flow.next),
      ];
      const turns: Turn[] = loads.map((load, i) => ({ label: ROUTES[i]?.label ?? '', load }));
      for (const turn of turns) await turn.load('warm-up', 3);
      const runs = await takeTurns(turns, ROUNDS, DURATION);
      const [bareM, auth, balance, order] = runs.map(median) as [Measurement, Measurement, Measurement, Measurement];
      const rounds = Array.from({ length: ROUNDS }, (_, round) => round);
      const ratios = RATIOS.map(({ label, of, to, target }) => ({ label, target, ...roundRatios(runs, of, to) }));
      const resting = await restingOrders(txc.info.url);
      const perRound = rounds.map(
        (round) =>
          `(${round + 1}) ` +
          ROUTES.map((r, i) => `${r.name} ${perSecond(runs[i]?.[round])}`).join(', ') +
          ` (${ratios.map((r) => percent(r.values[round] ?? 0)).join(', ')})`,
      );
      return {
        measurements: [bareM, auth, balance, order],
        ratios: ratios.map(({ label, value, target }) => ({
          label: `${label}, median of ${ROUNDS} rounds`,
          value,
          target,
        })),
        notes: [
          `Each ratio is the median of the ratios of the ${ROUNDS} rounds (${ratios.map((r) => `${r.label}: ${percent(Math.min(...r.values))}–${percent(Math.max(...r.values))}`).join('; ')}).`,
          `Requests/s of each round, in the order ${ROUTES.map((r) => r.name).join(', ')} (the turns start one route later each round), and the round's ratios: ${perRound.join('; ')}.`,
          `Orders resting in the BTC_USDT book after the order/new runs: ${resting}.`,
        ],
      };
    } finally {
      await txc.stop();
      await bare.stop();
    }
  },
};
