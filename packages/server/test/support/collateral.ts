import assert from 'node:assert/strict';
import type { TxcClient } from '@txc/sdk';
import type { Clock } from '../../src/venue/sequencer/clock.js';
import { TestServer } from './test-server.js';

/** The demo's starting index prices, and a lending pool for the tests to borrow from. */
export const INDEX = { BTC: '60000', ETH: '3000', USDT: '1' } as const;
export const POOL = { USDT: '1000000', BTC: '100', ETH: '1000' } as const;

/** An OCO buy group against a last trade of 60 000: buy back at 59 000, or stop in above 61 000. */
export const OCO_BUY = {
  market: 'BTC_USDT',
  side: 'buy',
  amount: '0.01',
  price: '59000',
  activation_price: '61000',
  stop_limit_price: '61500',
} as const;

/**
 * A test server with index prices set and the lending pool funded through the admin API (on `clock`
 * when given, in `dataDir` when given).
 */
export async function collateralServer(
  overrides: Parameters<typeof TestServer.start>[0] = {},
  clock?: Clock,
  dataDir?: string,
): Promise<TestServer> {
  const server = await TestServer.start(overrides, dataDir, clock === undefined ? {} : { clock });
  for (const [ticker, price] of Object.entries(INDEX)) {
    const r = await server.admin('POST', '/admin/v1/index-prices', { ticker, price });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  for (const [ticker, amount] of Object.entries(POOL)) {
    const r = await server.admin('POST', '/admin/v1/lending-pool', { ticker, amount });
    assert.equal(r.status, 200, JSON.stringify(r.body));
  }
  return server;
}

/** A trader with funds moved into its collateral account through the transfer endpoint. */
export async function collateralTrader(
  server: TestServer,
  name: string,
  collateral: Record<string, string>,
): Promise<TxcClient> {
  const { client } = await server.user(name, { deposits: collateral });
  for (const [ticker, amount] of Object.entries(collateral)) {
    assert.deepEqual(await client.transfer({ ticker, amount, from: 'main', to: 'collateral' }), []);
  }
  return client;
}

export interface Ledger {
  readonly fees: Record<string, string>;
  readonly lendingPool: Record<string, string>;
  readonly insuranceFund: Record<string, string>;
  readonly deposited: Record<string, string>;
}

export async function ledger(server: TestServer): Promise<Ledger> {
  const { body } = await server.admin('GET', '/admin/v1/ledger');
  return body as Ledger;
}

/** Exact decimal arithmetic on the API's strings, in units of 10^-scale. */
export function units(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [i, f = ''] = (negative ? text.slice(1) : text).split('.');
  const v = BigInt(`${i}${f.padEnd(scale, '0')}`);
  return negative ? -v : v;
}

export function text(v: bigint, scale: number): string {
  const negative = v < 0n;
  const abs = negative ? -v : v;
  const p = 10n ** BigInt(scale);
  const fraction = (abs % p).toString().padStart(scale, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / p}${fraction === '' ? '' : `.${fraction}`}`;
}

/** Interest in micro-USDT on `principal` micro-USDT at a daily percent over `micros`, rounded up. */
export function interest(principal: bigint, dailyPercent: string, micros: bigint): bigint {
  const rate = units(dailyPercent, 16); // over 10^18
  const den = 10n ** 18n * 86_400_000_000n;
  return (principal * rate * micros + den - 1n) / den;
}
