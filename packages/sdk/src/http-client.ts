import type { Static, TSchema } from 'typebox';
import type { Endpoint, PrivateEndpoint } from './contract/endpoint.js';
import { TxcError } from './errors/txc-error.js';
import { TxcNetworkError } from './errors/txc-network-error.js';
import { jsonText, plainNumber } from './json-text.js';
import { timestampNonces, type NonceSource } from './nonce.js';
import { Signer } from './signing.js';

/** How long a call waits for its whole answer unless told otherwise. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** The longest delay a timer holds (2^31 - 1 ms); a longer one would fire at once. */
const LONGEST_TIMER_MS = 2_147_483_647;

// `| undefined` on each optional field: callers pass `process.env.X` under exactOptionalPropertyTypes
export interface TxcClientOptions {
  /** e.g. http://127.0.0.1:8080; anything but an http(s) URL throws a TypeError at construction. */
  readonly baseUrl: string;
  readonly apiKey?: string | undefined;
  readonly apiSecret?: string | undefined;
  /** Where nonces come from; by default increasing millisecond timestamps. */
  readonly nonces?: NonceSource | undefined;
  /**
   * Sign with `nonceWindow: true`: timestamps within ±5 s, unique but not ordered, so that one
   * client's calls may be in flight together. Unique per client only: share one client per key.
   */
  readonly nonceWindow?: boolean | undefined;
  /**
   * How long a call waits for its whole answer before it rejects with a TxcNetworkError
   * (`reason: 'timeout'`); 30 s by default, `Infinity` to wait as long as `fetch` does.
   */
  readonly timeoutMs?: number | undefined;
  /**
   * The `fetch` to send with (the global one by default). What it throws passes through as it is,
   * except a TypeError, fetch's own network error, which becomes a TxcNetworkError.
   */
  readonly fetch?: typeof globalThis.fetch | undefined;
}

/** What one call may add: a signal that gives it up (it rejects with a TxcNetworkError, `reason: 'aborted'`). */
export interface CallOptions {
  readonly signal?: AbortSignal | undefined;
}

/** Fields a caller passes to a private endpoint (besides `request`, `nonce`, `nonceWindow`). */
export type Params<E extends { request: TSchema }> = Omit<Static<E['request']>, 'request' | 'nonce' | 'nonceWindow'>;

type PathParams<E> = E extends { params: infer P extends TSchema } ? Static<P> : unknown;
type QueryParams<E> = E extends { query: infer Q extends TSchema } ? Static<Q> : unknown;

/** What a call of an endpoint takes: a private endpoint's body fields, a public one's path and query values. */
export type EndpointInput<E extends Endpoint> = E extends PrivateEndpoint ? Params<E> : PathParams<E> & QueryParams<E>;

/** What an endpoint answers. */
export type EndpointOutput<E extends Endpoint> = Static<E['response']>;

/** A query or path value as the API reads it: numbers in plain decimal notation, as in bodies. */
function queryValue(value: string | number): string {
  return typeof value === 'number' && Number.isFinite(value) ? plainNumber(value) : String(value);
}

/** The transport of a client of the exchange HTTP API V4: public GETs, and signed private POSTs. */
export class HttpClient {
  private readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly signer: Signer | undefined;
  private readonly nonces: NonceSource;
  private readonly nonceWindow: boolean;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof globalThis.fetch;

  constructor(options: TxcClientOptions) {
    this.baseUrl = HttpClient.checkedBaseUrl(options.baseUrl);
    this.apiKey = options.apiKey;
    this.signer = options.apiSecret === undefined ? undefined : new Signer(options.apiSecret);
    this.nonces = options.nonces ?? timestampNonces();
    this.nonceWindow = options.nonceWindow ?? false;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (!(this.timeoutMs > 0)) throw new RangeError('TxcClient: timeoutMs must be above 0 (Infinity: no timeout)');
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /**
   * `baseUrl` without its trailing slashes, once it is known to be an http(s) URL: fetch refuses any
   * other with a TypeError, which would read as a TxcNetworkError at every call, and `localhost:8080`
   * (no scheme) even parses, as a URL of the scheme `localhost:`.
   */
  private static checkedBaseUrl(baseUrl: string): string {
    let protocol: string | undefined;
    try {
      protocol = new URL(baseUrl).protocol;
    } catch {
      // not a URL at all: said below
    }
    if (protocol !== 'http:' && protocol !== 'https:') {
      throw new TypeError(
        `TxcClient: baseUrl must be an http:// or https:// URL, such as http://127.0.0.1:8080 (got ${JSON.stringify(baseUrl)})`,
      );
    }
    return baseUrl.replace(/\/+$/, '');
  }

  /** Calls an endpoint as its contract declares it: `:name` path segments are filled from `input`. */
  call<E extends Endpoint>(
    endpoint: E,
    input?: EndpointInput<E>,
    options: CallOptions = {},
  ): Promise<EndpointOutput<E>> {
    const values: Record<string, unknown> = { ...(input as Record<string, unknown> | undefined) };
    if (endpoint.kind === 'private') return this.privatePost(endpoint.path, values, options);
    const path = endpoint.path.replace(/:(\w+)/g, (_whole, name: string) => {
      const value = values[name];
      delete values[name];
      return encodeURIComponent(queryValue(value as string | number));
    });
    return this.publicGet(path, values as Record<string, string | number | undefined>, options);
  }

  /** GET a public endpoint; `query` values are sent as a query string. */
  async publicGet<T = unknown>(
    path: string,
    query: Record<string, string | number | undefined> = {},
    options: CallOptions = {},
  ): Promise<T> {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, queryValue(v));
    const qs = search.toString();
    return this.exchange('GET', `${path}${qs === '' ? '' : `?${qs}`}`, {}, options);
  }

  /** POST a signed private request; `params` are merged with `request` and `nonce` into the body. */
  async privatePost<T = unknown>(
    path: string,
    params: Record<string, unknown> = {},
    options: CallOptions = {},
  ): Promise<T> {
    if (this.apiKey === undefined || this.signer === undefined) {
      throw new Error('TxcClient: private endpoints need apiKey and apiSecret');
    }
    const body: Record<string, unknown> = { request: path, nonce: this.nonces.next() };
    if (this.nonceWindow) body.nonceWindow = true;
    Object.assign(body, params);
    const text = jsonText(body);
    const headers = await this.signer.headers(this.apiKey, text);
    return this.exchange(
      'POST',
      path,
      { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: text },
      options,
    );
  }

  /**
   * Sends a request and reads its whole answer within the client's timeout and the call's signal: an
   * answer that is an error is a TxcError, no answer at all a TxcNetworkError.
   */
  private async exchange<T>(method: string, target: string, init: RequestInit, options: CallOptions): Promise<T> {
    const request = `${method} ${target.split('?')[0] ?? target}`;
    const { signal } = options;
    if (signal?.aborted === true) throw new TxcNetworkError('aborted', request, signal.reason);
    const controller = new AbortController();
    let timedOut = false;
    const timer =
      this.timeoutMs <= LONGEST_TIMER_MS
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, this.timeoutMs)
        : undefined;
    const abort = (): void => controller.abort();
    signal?.addEventListener('abort', abort, { once: true });
    try {
      const response = await this.fetchImpl(`${this.baseUrl}${target}`, { ...init, signal: controller.signal });
      return await HttpClient.decode<T>(response);
    } catch (e) {
      if (e instanceof TxcError) throw e;
      if (timedOut) throw new TxcNetworkError('timeout', request, e);
      if (controller.signal.aborted) throw new TxcNetworkError('aborted', request, signal?.reason);
      // fetch's network error is a TypeError; a `fetch` option's errors of its own are its caller's
      if (e instanceof TypeError) throw new TxcNetworkError('failed', request, e);
      throw e;
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
  }

  private static async decode<T>(response: Response): Promise<T> {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: kept as text for the error
    }
    if (!response.ok) throw new TxcError(response.status, body, response.headers);
    return body as T;
  }
}
