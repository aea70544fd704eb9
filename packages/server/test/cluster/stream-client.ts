import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { TxcStream, type StreamChannel } from '@txc/sdk';
import { WebSocket } from 'ws';
import { send, sign, type Actor, type Target } from '../durability/traffic.js';

/** A stream on `gateway`, authorized as `actor` when one is given (its token asked for through the gateway). */
export async function streamOn(gateway: Target, actor?: Actor): Promise<TxcStream> {
  const stream = new TxcStream({
    url: `${gateway.url.replace('http', 'ws')}/ws`,
    WebSocket,
    ...(actor === undefined
      ? {}
      : {
          tokens: {
            websocketToken: async () => {
              const answer = await send(gateway, sign(actor, '/api/v4/profile/websocket_token', {}));
              assert.equal(answer.status, 200, JSON.stringify(answer.body));
              return answer.body as { websocket_token: string };
            },
          },
        }),
  });
  await stream.connect();
  // a stream that could not authorize is closed, or its reconnects would keep the test's process alive
  try {
    if (actor !== undefined) await stream.authorize();
  } catch (e) {
    stream.close();
    throw e;
  }
  return stream;
}

/** Every update of `channel` the stream receives, in order. */
export async function updates(stream: TxcStream, channel: StreamChannel, params: unknown[]): Promise<unknown[]> {
  const seen: unknown[] = [];
  await stream.subscribe(channel, params, (update) => seen.push(update));
  return seen;
}

/** Waits until one of `seen` satisfies `accept`; fails after a few seconds. */
export async function arrives(
  seen: readonly unknown[],
  accept: (update: unknown) => boolean,
  what: string,
): Promise<unknown> {
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) {
    const found = seen.find(accept);
    if (found !== undefined) return found;
    await sleep(20);
  }
  throw new Error(`${what} never arrived; seen: ${JSON.stringify(seen).slice(0, 2_000)}`);
}

/** The socket's answer to a request that failed inside the server (websocket spec §3). */
export const WS_INTERNAL_ERROR = 2;

export const mentions = (text: string) => (update: unknown) => JSON.stringify(update).includes(text);
