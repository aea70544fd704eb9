import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';
import type { Measurement } from '../suite.js';

export interface BenchKey {
  readonly apiKey: string;
  readonly apiSecret: string;
  /** The key's last nonce: each connection owns one key, so its nonces increase. */
  nonce: number;
}

export interface LoadOptions {
  readonly url: string;
  readonly connections: number;
  readonly durationSeconds: number;
}

/** A request's own fields: the same for every request, or made for each one (per key). */
export type Fields = Readonly<Record<string, unknown>> | ((key: BenchKey) => Readonly<Record<string, unknown>>);

/** One signed private POST of a key, with its next nonce. */
export function signRequest(
  key: BenchKey,
  path: string,
  fields: Readonly<Record<string, unknown>>,
): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({ request: path, nonce: ++key.nonce, ...fields });
  const payload = Buffer.from(body).toString('base64');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-txc-apikey': key.apiKey,
      'x-txc-payload': payload,
      'x-txc-signature': createHmac('sha512', key.apiSecret).update(payload).digest('hex'),
    },
  };
}

function measurement(label: string, result: autocannon.Result): Measurement {
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0)
    throw new Error(
      `${label}: ${failed} requests failed (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
    );
  return {
    label,
    perSecond: result.requests.average,
    latency: { p50: result.latency.p50, p99: result.latency.p99, unit: 'ms' },
  };
}

/** Plain GETs on one path. */
export async function getLoad(label: string, path: string, o: LoadOptions): Promise<Measurement> {
  const result = await autocannon({ url: `${o.url}${path}`, connections: o.connections, duration: o.durationSeconds });
  return measurement(label, result);
}

/** The parts of autocannon's client this load generator uses; `getRequestBuffer` is internal to autocannon 9. */
interface LoadClient {
  on(event: 'response', listener: () => void): void;
  getRequestBuffer: () => Buffer;
}

/**
 * The bytes of one signed request, as an HTTP/1.1 client sends them. Built here rather than by
 * autocannon's request builder, which merges header objects again for every request: on a machine
 * whose cores the load generator shares with the server, that work was taken from the server.
 */
function requestBytes(url: URL, path: string, key: BenchKey, fields: Readonly<Record<string, unknown>>): Buffer {
  const { headers, body } = signRequest(key, path, fields);
  let head = `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n`;
  for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
  return Buffer.from(`${head}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/**
 * Signed private POSTs, as a bot would send them: one key per connection, a fresh nonce and
 * signature for every request (signed by the load generator, in its own process).
 */
export async function signedLoad(
  label: string,
  path: string,
  keys: readonly BenchKey[],
  o: LoadOptions,
  fields: Fields = {},
): Promise<Measurement> {
  let next = 0;
  const url = new URL(o.url);
  const result = await autocannon({
    url: `${o.url}${path}`,
    method: 'POST',
    connections: o.connections,
    duration: o.durationSeconds,
    setupClient(c) {
      const client = c as unknown as LoadClient;
      if (typeof client.getRequestBuffer !== 'function')
        throw new Error('this autocannon has no client.getRequestBuffer: the signed load needs autocannon 9');
      const key = keys[next++ % keys.length] as BenchKey;
      let request: Buffer;
      const load = (): void => {
        request = requestBytes(url, path, key, typeof fields === 'function' ? fields(key) : fields);
      };
      load();
      // autocannon asks for the next request's bytes right after it has told of the last response
      client.getRequestBuffer = () => request;
      client.on('response', load);
    },
  });
  return measurement(label, result);
}
