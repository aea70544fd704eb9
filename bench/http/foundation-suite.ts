import type { Suite, SuiteReport } from '../suite.js';
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

/**
 * The foundation's three routes, measured in one run on 127.0.0.1 with 100 connections: a bare
 * Fastify route (the peer), txc's authentication alone on a signed POST, and the signed
 * main-account balance (authentication, nonce committed with group commit, the read); and in the
 * same run, signed order/new with the journal on (each group commit fsynced), on an order flow
 * every answer of which is a success (order-flow.ts).
 */
export const foundationSuite: Suite = {
  name: 'http',
  description:
    `autocannon, ${CONNECTIONS} connections (one key each), ${DURATION} s per route after a 3 s warm-up; servers in their own processes; ` +
    'txc on SQLite with its journal on (synchronous=FULL: each group commit fsynced).',
  async run(): Promise<SuiteReport> {
    const bare = await startChild<{ url: string }>('./bare-server.ts');
    const txc = await startChild<{ url: string; adminToken: string }>('./txc-server.ts');
    try {
      const keys = await benchKeys(txc.info.url, txc.info.adminToken, CONNECTIONS, 'bench');
      const warm: LoadOptions = { url: '', connections: CONNECTIONS, durationSeconds: 3 };
      const run: LoadOptions = { url: '', connections: CONNECTIONS, durationSeconds: DURATION };
      await getLoad('warm-up', '/ping', { ...warm, url: bare.info.url });
      const bareM = await getLoad('bare Fastify route ["pong"] (peer)', '/ping', { ...run, url: bare.info.url });
      await signedLoad('warm-up', AUTH_ONLY_PATH, keys, { ...warm, url: txc.info.url });
      const auth = await signedLoad('txc authentication only (signed POST)', AUTH_ONLY_PATH, keys, {
        ...run,
        url: txc.info.url,
      });
      await signedLoad('warm-up', BALANCE_PATH, keys, { ...warm, url: txc.info.url });
      const balance = await signedLoad('signed main-account/balance', BALANCE_PATH, keys, {
        ...run,
        url: txc.info.url,
      });
      const flow = new OrderFlow();
      await signedLoad('warm-up', ORDER_NEW_PATH, keys, { ...warm, url: txc.info.url }, flow.next);
      const order = await signedLoad(
        'signed order/new (journal on, fsync per group commit)',
        ORDER_NEW_PATH,
        keys,
        { ...run, url: txc.info.url },
        flow.next,
      );
      const resting = await restingOrders(txc.info.url);
      return {
        measurements: [bareM, auth, balance, order],
        ratios: [
          { label: 'auth-only / bare', value: auth.perSecond / bareM.perSecond, target: 0.35 },
          { label: 'balance / auth-only', value: balance.perSecond / auth.perSecond, target: 0.85 },
          { label: 'order/new / auth-only', value: order.perSecond / auth.perSecond, target: 0.6 },
        ],
        notes: [`Orders resting in the BTC_USDT book after the order/new runs: ${resting}.`],
      };
    } finally {
      await txc.stop();
      await bare.stop();
    }
  },
};
