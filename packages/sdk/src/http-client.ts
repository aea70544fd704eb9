import type { Static, TSchema } from 'typebox';
import type { Endpoint, PrivateEndpoint } from './contract/endpoint.js';
import { TxcError } from './errors/txc-error.js';
import { timestampNonces, type NonceSource } from './nonce.js';
import { Signer } from './signing.js';

export interface TxcClientOptions {
  /** e.g. http://127.0.0.1:8080 */
  readonly baseUrl: string;
  readonly apiKey?: string;
  readonly apiSecret?: string;
  /** Where nonces come from; by default increasing millisecond timestamps. */
  readonly nonces?: NonceSource;
  /** Sign with `nonceWindow: true`: timestamps within ±5 s, unique but not ordered (for concurrent senders). */
  readonly nonceWindow?: boolean;
  readonly fetch?: typeof globalThis.fetch;
}

/** Fields a caller passes to a private endpoint (besides `request`, `nonce`, `nonceWindow`). */
export type Params<E extends { request: TSchema }> = Omit<Static<E['request']>, 'request' | 'nonce' | 'nonceWindow'>;

type PathParams<E> = E extends { params: infer P extends TSchema } ? Static<P> : unknown;
type QueryParams<E> = E extends { query: infer Q extends TSchema } ? Static<Q> : unknown;

/** What a call of an endpoint takes: a private endpoint's body fields, a public one's path and query values. */
export type EndpointInput<E extends Endpoint> = E extends PrivateEndpoint ? Params<E> : PathParams<E> & QueryParams<E>;

/** What an endpoint answers. */
export type EndpointOutput<E extends Endpoint> = Static<E['response']>;

/** The transport of a client of the exchange HTTP API V4: public GETs, and signed private POSTs. */
export class HttpClient {
  private readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly signer: Signer | undefined;
  private readonly nonces: NonceSource;
  private readonly nonceWindow: boolean;
  private readonly fetchImpl: typeof globalThis.fetch;

  constructor(options: TxcClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.signer = options.apiSecret === undefined ? undefined : new Signer(options.apiSecret);
    this.nonces = options.nonces ?? timestampNonces();
    this.nonceWindow = options.nonceWindow ?? false;
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  /** Calls an endpoint as its contract declares it: `:name` path segments are filled from `input`. */
  call<E extends Endpoint>(endpoint: E, input?: EndpointInput<E>): Promise<EndpointOutput<E>> {
    const values: Record<string, unknown> = { ...(input as Record<string, unknown> | undefined) };
    if (endpoint.kind === 'private') return this.privatePost(endpoint.path, values);
    const path = endpoint.path.replace(/:(\w+)/g, (_whole, name: string) => {
      const value = values[name];
      delete values[name];
      return encodeURIComponent(String(value));
    });
    return this.publicGet(path, values as Record<string, string | number | undefined>);
  }

  /** GET a public endpoint; `query` values are sent as a query string. */
  async publicGet<T = unknown>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) search.set(k, String(v));
    const qs = search.toString();
    const response = await this.fetchImpl(`${this.baseUrl}${path}${qs === '' ? '' : `?${qs}`}`);
    return HttpClient.decode<T>(response);
  }

  /** POST a signed private request; `params` are merged with `request` and `nonce` into the body. */
  async privatePost<T = unknown>(path: string, params: Record<string, unknown> = {}): Promise<T> {
    if (this.apiKey === undefined || this.signer === undefined) {
      throw new Error('TxcClient: private endpoints need apiKey and apiSecret');
    }
    const body: Record<string, unknown> = { request: path, nonce: this.nonces.next() };
    if (this.nonceWindow) body.nonceWindow = true;
    Object.assign(body, params);
    const text = JSON.stringify(body);
    const headers = await this.signer.headers(this.apiKey, text);
    const response = await this.fetchImpl(`${this.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: text,
    });
    return HttpClient.decode<T>(response);
  }

  private static async decode<T>(response: Response): Promise<T> {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: kept as text for the error
    }
    if (!response.ok) throw new TxcError(response.status, body);
    return body as T;
  }
}
