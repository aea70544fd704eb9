import assert from 'node:assert/strict';
import fc from 'fast-check';
import { RATE_LIMITS, type Endpoint } from '@txc/sdk';
import type { Config } from '../../src/config/schema.js';
import { DEMO_WALLET_CHAINS } from '../../src/wallet/demo-wallet-keys.js';
import { SAMPLE_DEPOSITS, SAMPLE_USER } from './endpoint-samples.js';
import { rawGet, rawPost, type RawResult } from './raw-request.js';
import type { TestServer } from './test-server.js';

const OPEN = { limit: 1_000_000_000, windowMs: 10_000 };

/**
 * A venue for generated traffic: no limit gets in the way, and nothing moves by itself (funding
 * is settled only when asked), so that every change of state is one a request made.
 */
export const FUZZ_CONFIG: Partial<Config> = {
  fundingSettlement: 'admin',
  priceFeed: 'static',
  wallet: { chains: DEMO_WALLET_CHAINS, addressesPerNetwork: 20, withdrawalDelayMs: 10_000 },
  rateLimits: {
    perIp: OPEN,
    public: OPEN,
    groups: Object.fromEntries(Object.values(RATE_LIMITS).map((r) => [r.group, OPEN])),
  },
};

const INDEX_PRICES = { BTC: '60000', ETH: '3000', USDT: '1' };
const LENDING_POOL = { USDT: '1000000', BTC: '100' };

/** Index prices, a funded lending pool, and the sample user with every permission. */
export async function prepareFuzzVenue(server: TestServer): Promise<{ apiKey: string; apiSecret: string }> {
  for (const [ticker, price] of Object.entries(INDEX_PRICES)) {
    assert.equal((await server.admin('POST', '/admin/v1/index-prices', { ticker, price })).status, 200);
  }
  for (const [ticker, amount] of Object.entries(LENDING_POOL)) {
    assert.equal((await server.admin('POST', '/admin/v1/lending-pool', { ticker, amount })).status, 200);
  }
  const { apiKey, apiSecret } = await server.user(SAMPLE_USER, { deposits: SAMPLE_DEPOSITS });
  return { apiKey, apiSecret };
}

/** What an endpoint answered: status, content type and the parsed body (its text when not JSON). */
export type Answer = RawResult;

/** A signed POST of exactly this body text. */
export function signedPost(
  baseUrl: string,
  path: string,
  key: { apiKey: string; apiSecret: string },
  body: string,
): Promise<Answer> {
  return rawPost(baseUrl, path, { apiKey: key.apiKey, secret: key.apiSecret, body });
}

export function publicGet(baseUrl: string, pathAndQuery: string): Promise<Answer> {
  return rawGet(baseUrl, pathAndQuery);
}

/** The fields an endpoint's contract names: its body's for a private one, its query's for a public one. */
export function fieldsOf(endpoint: Endpoint): string[] {
  const schema: unknown = endpoint.kind === 'private' ? endpoint.request : endpoint.query;
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return Object.keys(properties ?? {});
}

/**
 * Whether the private error body is the spec's (§7): `code`, `message`, and `errors` an object naming
 * fields with their messages (`{}` when no field is at fault), and nothing else.
 */
export function isPrivateErrorBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  if (!Number.isInteger(b.code) || typeof b.message !== 'string' || Object.keys(b).length !== 3) return false;
  const errors = b.errors;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return false;
  return Object.values(errors).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
}

export function isPublicErrorBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  return (
    Object.keys(b).length === 3 &&
    b.success === false &&
    typeof b.message === 'string' &&
    Array.isArray(b.params) &&
    b.params.length === 0
  );
}

/**
 * The fuzzers' seed: fixed, so that a test run is repeatable and a failure is not luck; set
 * TXC_FUZZ_SEED (and TXC_FUZZ_MS for a longer budget) to explore further.
 */
export const FUZZ_SEED = Number(process.env.TXC_FUZZ_SEED ?? 20261124);

/**
 * Runs an async property for `ms` of wall-clock time. fast-check's time limit returns while the
 * run in progress may still be awaiting the server: that run is awaited here too, so that its
 * request cannot leak into what comes next and its failure still fails the test.
 */
export async function assertFor<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  ms: number,
): Promise<void> {
  let last: Promise<void> = Promise.resolve();
  await fc.assert(
    fc.asyncProperty(arbitrary, (value) => (last = predicate(value))),
    { numRuns: 1_000_000, interruptAfterTimeLimit: ms, endOnFailure: true, seed: FUZZ_SEED },
  );
  await last;
}
