import assert from 'node:assert/strict';
import { TxcError, type TxcClient } from '@txc/sdk';
import type { TestServer } from './test-server.js';

/** A trader with funds moved into its spot account through the transfer endpoint. */
export async function trader(server: TestServer, name: string, spot: Record<string, string>): Promise<TxcClient> {
  const { client } = await server.user(name, { deposits: spot });
  for (const [ticker, amount] of Object.entries(spot)) {
    assert.deepEqual(await client.transfer({ ticker, amount, from: 'main', to: 'spot' }), []);
  }
  return client;
}

/** A spot balance as the API answers it. */
export async function spot(client: TxcClient, ticker: string): Promise<{ available: string; freeze: string }> {
  return client.tradeBalance(ticker);
}

/** The venue fee account's balance of a ticker ("0" when nothing was collected). */
export async function feeAccount(server: TestServer, ticker: string): Promise<string> {
  const { body } = await server.admin('GET', '/admin/v1/ledger');
  return (body as { fees: Record<string, string> }).fees[ticker] ?? '0';
}

/** Asserts a call fails with this HTTP status and body. */
export async function fails(call: Promise<unknown>, status: number, body: unknown): Promise<void> {
  await assert.rejects(call, (e: unknown) => {
    assert.ok(e instanceof TxcError, String(e));
    assert.deepEqual({ status: e.status, body: e.body }, { status, body });
    return true;
  });
}

/** The code-30 validation body with these field errors. */
/** The refusal of a post-only (or RPI) order that would take liquidity: code 13. */
export const WOULD_TAKE = {
  code: 13,
  message: 'Inner validation failed',
  errors: { postOnly: ["This order couldn't be executed as a maker order and was canceled."] },
};

/** `ioc` with `postOnly` (reference §5.3, code 37). */
export const IOC_AND_POST_ONLY = {
  code: 37,
  message: 'Validation failed',
  errors: { ioc: ['Either IOC or PostOnly flag in true state is allowed.'] },
};

export function validation(errors: Record<string, string[]>): unknown {
  return { code: 30, message: 'Validation failed', errors };
}

/** Asserts the market's public book holds at least 10 levels a side within 2 % of `index`, bids below it, asks above. */
export async function assertLadder(client: TxcClient, market: string, index: number): Promise<void> {
  const book = await client.orderbook(market);
  for (const side of [book.bids, book.asks]) {
    assert.ok(side.length >= 10, `${market}: ${side.length} levels`);
    for (const [price] of side) assert.ok(Math.abs(Number(price) / index - 1) <= 0.02, `${market} ${price}`);
  }
  assert.ok(Number(book.bids[0]?.[0]) < index && Number(book.asks[0]?.[0]) > index, market);
}
