import ccxt from 'ccxt';
import type { TestServer } from './test-server.js';

export type WhitebitPro = InstanceType<typeof ccxt.pro.whitebit>;

/**
 * ccxt pro's own `whitebit` class, unchanged, pointed at a txc server: only `urls.api` is overridden
 * (the socket and the REST bases), as a user would do. A plain `ws://` URL needs ccxt's HTTP agent
 * loaded before the first `watch*` call (websocket spec §10.4), which this does.
 */
export async function whitebitProAt(
  server: TestServer,
  credentials: { readonly apiKey?: string; readonly secret?: string } = {},
): Promise<WhitebitPro> {
  const api = `${server.url}/api`;
  const exchange = new ccxt.pro.whitebit({
    ...credentials,
    urls: {
      api: {
        ws: `${server.url.replace(/^http/, 'ws')}/ws`,
        v1: { public: `${api}/v1/public`, private: `${api}/v1` },
        v2: { public: `${api}/v2/public` },
        v4: { public: `${api}/v4/public`, private: `${api}/v4` },
      },
    },
  });
  await exchange.loadHttpProxyAgent();
  return exchange;
}
