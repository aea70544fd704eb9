import assert from 'node:assert/strict';
import type { TxcClient } from '@txc/sdk';
import type { WhitebitPro } from './ccxt-whitebit.js';
import { eventually } from './eventually.js';
import { Prng } from './prng.js';

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

const numbers = (levels: readonly (readonly [string, string])[]): number[][] =>
  levels.map(([p, a]) => [Number(p), Number(a)]);

/**
 * Thirty BTC_USDT limit orders of random side, amount and price (within 500 of `mid`) from two
 * clients in turn, seeded; then waits until the ten best levels of each side that ccxt keeps are the
 * REST book's.
 */
export async function bookFollowsRandomOrders(
  exchange: WhitebitPro,
  [maker, taker]: readonly [TxcClient, TxcClient],
  seed: number,
  mid: number,
): Promise<void> {
  const random = new Prng(seed);
  for (let i = 0; i < 30; i++) {
    const side = random.pick(['buy', 'sell'] as const);
    const price = String(random.int(mid - 500, mid + 500));
    const amount = `0.0${random.int(1, 9)}`;
    await (i % 2 === 0 ? maker : taker).orderNew({ market: 'BTC_USDT', side, amount, price });
  }
  await eventually('ccxt book equal to the REST book', async () => {
    const rest = await maker.orderbook('BTC_USDT', { limit: 10 });
    const cached = exchange.orderbooks['BTC/USDT'];
    if (cached === undefined) return false;
    return (
      JSON.stringify(cached.asks.slice(0, 10)) === JSON.stringify(numbers(rest.asks)) &&
      JSON.stringify(cached.bids.slice(0, 10)) === JSON.stringify(numbers(rest.bids))
    );
  });
}

/** watchTrades of BTC/USDT, then a market sell of 0.001 by `taker` through REST: the trade as ccxt caches it. */
export async function tradeSeenByWatchTrades(exchange: WhitebitPro, maker: TxcClient, taker: TxcClient): Promise<void> {
  await exchange.watchTrades('BTC/USDT');
  // a market sell takes the best bid
  await taker.orderStockMarket({ market: 'BTC_USDT', side: 'sell', amount: '0.001' });
  const [latest] = await maker.trades('BTC_USDT');
  assert.ok(latest !== undefined);
  const cached = (): { id: string; price: number; amount: number; side: string; symbol: string }[] =>
    exchange.trades['BTC/USDT'] ?? [];
  await eventually('the trade in ccxt', () => cached().some((t) => t.id === String(latest.tradeID)));
  const trade = cached().find((t) => t.id === String(latest.tradeID));
  assert.deepEqual(
    { price: trade?.price, amount: trade?.amount, side: trade?.side, symbol: trade?.symbol },
    { price: Number(latest.price), amount: 0.001, side: 'sell', symbol: 'BTC/USDT' },
  );
}
