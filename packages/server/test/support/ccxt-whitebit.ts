import ccxt from 'ccxt';
import type { TestServer } from './test-server.js';

export type Whitebit = InstanceType<typeof ccxt.whitebit>;

/**
 * ccxt's own `whitebit` class, unchanged, pointed at a txc server: only `urls.api` is overridden,
 * as a user would do, so every request goes to 127.0.0.1 and nowhere else.
 */
export function whitebitAt(
  server: TestServer,
  credentials: { readonly apiKey?: string; readonly secret?: string } = {},
  options: Record<string, unknown> = {},
): Whitebit {
  const api = `${server.url}/api`;
  return new ccxt.whitebit({
    ...credentials,
    urls: {
      api: {
        v1: { public: `${api}/v1/public`, private: `${api}/v1` },
        v2: { public: `${api}/v2/public` },
        v4: { public: `${api}/v4/public`, private: `${api}/v4` },
      },
    },
    options,
  });
}

/** The JSON body of the last request ccxt signed and sent. */
export function lastBody(exchange: Whitebit): Record<string, unknown> {
  return JSON.parse(String(exchange.last_request_body)) as Record<string, unknown>;
}

export type WhitebitPro = InstanceType<typeof ccxt.pro.whitebit>;

/**
 * ccxt pro's `whitebit`, unchanged, pointed at a txc server: `urls.api.ws` and the REST urls
 * overridden, nothing else. Its HTTP agent is loaded first, as ccxt requires for a plain ws:// URL.
 * `socket` is where the websocket goes when not to the REST server (another gateway of a cluster).
 */
export async function whitebitProAt(
  server: { readonly url: string },
  credentials: { readonly apiKey?: string; readonly secret?: string } = {},
  socket: { readonly url: string } = server,
): Promise<WhitebitPro> {
  const api = `${server.url}/api`;
  const exchange = new ccxt.pro.whitebit({
    ...credentials,
    urls: {
      api: {
        ws: `${socket.url.replace(/^http/, 'ws')}/ws`,
        v1: { public: `${api}/v1/public`, private: `${api}/v1` },
        v2: { public: `${api}/v2/public` },
        v4: { public: `${api}/v4/public`, private: `${api}/v4` },
      },
    },
  });
  await exchange.loadHttpProxyAgent();
  return exchange;
}
