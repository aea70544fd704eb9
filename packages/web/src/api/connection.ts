import { TxcClient, TxcStream } from '@txc/sdk';

/** The dashboard is served by the txc it talks to: same origin for REST, `/ws` for the streams. */
export const BASE_URL = window.location.origin;

export const publicClient = new TxcClient({ baseUrl: BASE_URL });

export function streamUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/ws`;
}

let shared: Promise<TxcStream> | undefined;

/** One public stream connection for the whole page; it reconnects and resubscribes by itself. */
export function publicStream(): Promise<TxcStream> {
  if (shared === undefined) {
    const stream = new TxcStream({ url: streamUrl(), pingIntervalMs: 30_000 });
    shared = stream.connect().then(() => stream);
    shared.catch(() => {
      shared = undefined;
    });
  }
  return shared;
}

/** A signed client for a key; the secret stays in this page and only its signatures leave it. */
export function privateClient(apiKey: string, apiSecret: string): TxcClient {
  // several panels send at once: the nonce window keeps their timestamps unique without ordering them
  return new TxcClient({ baseUrl: BASE_URL, apiKey, apiSecret, nonceWindow: true });
}
