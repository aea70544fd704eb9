import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { unaffordableStockMarketBuy } from '../../src/index.js';
import { BOOKS } from '../support/books.js';
import { order, TestVenue } from '../support/venue.js';

const BTC = 1_000_000;

describe('a spot stock-market buy that cannot pay for one lot', () => {
  const factory = BOOKS[0]!.factory;

  it('is refused (NOT_ENOUGH_BALANCE) exactly when the engine would buy nothing with it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 200_000_000 }),
        (priceTicks, balanceMinor) => {
          const v = new TestVenue(factory);
          v.user('bob', { BTC: '10' });
          v.user('carol', {
            USDT: `${Math.floor(balanceMinor / 1_000_000)}.${String(balanceMinor % 1_000_000).padStart(6, '0')}`,
          });
          v.must(order('bob', 'sell', { price: priceTicks, amount: BTC }));
          const buy = order('carol', 'buy', { orderType: 'stock market', amount: BTC });
          const refusal = unaffordableStockMarketBuy(v.state, buy);
          const { result } = v.run(buy);
          const bought = result.ok ? result.value.dealStock : 0;
          if (refusal === undefined) assert.ok(bought >= 1, `accepted but bought ${bought}`);
          else {
            assert.deepEqual(refusal, { reason: 'NOT_ENOUGH_BALANCE' });
            assert.equal(bought, 0);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('leaves every other order, and a buy on an empty book, to the engine', () => {
    const v = new TestVenue(factory);
    v.user('carol', {});
    assert.equal(
      unaffordableStockMarketBuy(v.state, order('carol', 'buy', { orderType: 'stock market', amount: 1 })),
      undefined,
    );
    v.user('bob', { BTC: '1' });
    v.must(order('bob', 'sell', { price: 6_000_000, amount: BTC }));
    for (const other of [
      order('carol', 'buy', { orderType: 'market', amount: 1 }),
      order('carol', 'buy', { price: 6_000_000, amount: 1 }),
      order('carol', 'sell', { orderType: 'stock market', amount: 1 }),
      { ...order('carol', 'buy', { orderType: 'stock market', amount: 1 }), account: 'collateral' as const },
    ]) {
      assert.equal(unaffordableStockMarketBuy(v.state, other), undefined);
    }
    assert.deepEqual(
      unaffordableStockMarketBuy(v.state, order('carol', 'buy', { orderType: 'stock market', amount: 1 })),
      {
        reason: 'NOT_ENOUGH_BALANCE',
      },
    );
  });
});
