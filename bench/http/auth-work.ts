/**
 * The V4 authentication work alone, on one core: what a server must do for every signed request
 * before anything else, without HTTP. `node --import tsx bench/http/auth-work.ts [seconds]` prints
 * how many requests a second that work allows, beside the requests/s of the http suite's auth-only
 * route, which adds to it Node's HTTP server, Fastify and txc's rate limits, key and nonce.
 *
 * Per request: decode the base64 payload, parse it and the body, compare them, HMAC-SHA512 the
 * payload text with the key's secret and compare the signature in constant time, as the server
 * does (HmacSha512Key). The requests are those the load generator sends to the auth-only route
 * (signed-load.ts), each with its own nonce.
 */
import { HmacSha512Key } from '@txc/server';
import { signRequest, type BenchKey } from './signed-load.js';
import { AUTH_ONLY_PATH } from './signed-routes.js';

const SECONDS = Number(process.argv[2] ?? '3');
const REQUESTS = 4096;

/** What a signed request carries that its authentication reads. */
interface Signed {
  readonly body: string;
  readonly payload: string;
  readonly signature: string;
}

const key: BenchKey = { apiKey: 'a'.repeat(32), apiSecret: 's'.repeat(32), nonce: Date.now() };
const hmacKey = new HmacSha512Key(Buffer.from(key.apiSecret, 'utf8'));
const requests: Signed[] = Array.from({ length: REQUESTS }, () => {
  const { headers, body } = signRequest(key, AUTH_ONLY_PATH, {});
  return { body, payload: headers['x-txc-payload'] ?? '', signature: headers['x-txc-signature'] ?? '' };
});

function authenticate(r: Signed): void {
  const body = JSON.parse(r.body) as { request: string; nonce: number };
  const signed = JSON.parse(Buffer.from(r.payload, 'base64').toString('utf8')) as typeof body;
  const ok = hmacKey.verifies(r.payload, r.signature) && signed.request === body.request && signed.nonce === body.nonce;
  if (!ok) throw new Error('a request the load generator signed did not authenticate');
}

/** Requests authenticated per second over `seconds`. */
function rate(seconds: number): number {
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  let done = 0;
  while (performance.now() < until) {
    for (const r of requests) authenticate(r);
    done += REQUESTS;
  }
  return done / ((performance.now() - started) / 1000);
}

rate(1); // warm-up
const perSecond = Math.round(rate(SECONDS));
console.log(`authentication work alone: ${perSecond.toLocaleString('en-US')} requests/s on one core`);
