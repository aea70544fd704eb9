import assert from 'node:assert/strict';
import type { WhitebitPro } from './ccxt-whitebit.js';

/** Waits until `check` holds (polling what ccxt caches), failing after a bound. */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`${what} did not happen`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Counts the `{"status":"success"}` answers ccxt receives (authorize, each subscribe), by looking at
 * the frames it handles without changing what it does with them: a private watcher's subscription
 * is live on the server once its answer is in, and a test acts only then.
 */
export function successAnswers(exchange: WhitebitPro): () => number {
  let count = 0;
  const handle = exchange.handleMessage.bind(exchange);
  type Handle = WhitebitPro['handleMessage'];
  exchange.handleMessage = (client: Parameters<Handle>[0], message: Parameters<Handle>[1]): unknown => {
    const result = (message as { result?: { status?: unknown } } | null)?.result;
    if (typeof result === 'object' && result !== null && result.status === 'success') count++;
    return handle(client, message);
  };
  return () => count;
}
