import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fastBook, type State } from '../../src/index.js';
import { openInterest } from '../../src/collateral/open-interest.js';
import { checkedAgainstEveryAccount } from '../support/check-every-account.js';
import { collateralOrder, CollateralVenue } from '../support/collateral-venue.js';

/** BTC_PERP: lots of 0.0001 BTC, ticks of 0.1 USDT; the traders deal in hundredths of a BTC. */
const STEP = 100;
const TICK = 10;
/** Names whose order is not the order they are made in, with capitals and a non-ASCII letter. */
const NAMES = ['b', 'd', 'f', 'h', 'k', 'm', 'p', 's', 'v', 'y', 'C', 'é', 'bb', 'b0'];

/** A thin trader: maybe a position at 60 000, maybe an order resting near it that may take a liquidation's close. */
const trader = fc.record({
  funds: fc.integer({ min: 60, max: 800 }),
  // 0: no setting, so that the account is made by its first fill
  leverage: fc.constantFrom(0, 10, 20, 50, 100),
  long: fc.boolean(),
  position: fc.integer({ min: 0, max: 10 }),
  restOffset: fc.integer({ min: -9_000, max: 9_000 }),
  restAmount: fc.integer({ min: 0, max: 10 }),
  restBuy: fc.boolean(),
  madeAt: fc.nat(1_000),
});

/** Open interest as a sum over every account. */
function openInterestOfEveryAccount(state: State, market: string): number {
  let lots = 0;
  for (const account of state.collateral.accounts.values()) {
    for (const p of account.positions.values()) if (p.market === market && p.size > 0) lots += p.size;
  }
  return lots;
}

describe('liquidation cascades', () => {
  it('a check visits what a pass over every account in name order would, as liquidations give others positions', () => {
    const seen = { liquidated: 0, severalAtOnce: 0 };
    fc.assert(
      fc.property(
        fc.array(trader, { minLength: 3, maxLength: NAMES.length }),
        fc.array(fc.integer({ min: 48_000, max: 72_000 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (traders, indices, deepBook) => {
          const v = new CollateralVenue(fastBook);
          v.collateralUser('dave', { USDT: '10000000' });
          v.collateralUser('erin', { USDT: '10000000' });
          const named = traders.map((t, i) => ({ ...t, name: NAMES[i] as string }));
          for (const t of named) v.collateralUser(t.name, { USDT: String(t.funds) });
          const inOrderMade = [...named].sort((a, b) => a.madeAt - b.madeAt);
          for (const t of inOrderMade) {
            if (t.leverage > 0) v.run({ type: 'SetLeverage', user: t.name, leverage: t.leverage });
            if (t.position === 0) continue;
            const amount = STEP * t.position;
            v.run(collateralOrder('dave', 'BTC_PERP', t.long ? 'sell' : 'buy', { price: 60_000 * TICK, amount }));
            v.run(collateralOrder(t.name, 'BTC_PERP', t.long ? 'buy' : 'sell', { price: 60_000 * TICK, amount }));
          }
          for (const t of inOrderMade) {
            if (t.restAmount === 0) continue;
            const price = (60_000 + t.restOffset) * TICK;
            v.run(
              collateralOrder(t.name, 'BTC_PERP', t.restBuy ? 'buy' : 'sell', { price, amount: STEP * t.restAmount }),
            );
          }
          if (deepBook) {
            v.run(collateralOrder('erin', 'BTC_PERP', 'buy', { price: 45_000 * TICK, amount: STEP * 100 }));
            v.run(collateralOrder('erin', 'BTC_PERP', 'sell', { price: 75_000 * TICK, amount: STEP * 100 }));
          }
          for (const index of indices) {
            v.index('BTC', String(index));
            // a second check finds what the first left to the next one
            for (let check = 0; check < 2; check++) {
              const out = checkedAgainstEveryAccount(v);
              const liquidated = out.result.ok ? out.result.value.liquidated.length : 0;
              seen.liquidated += liquidated;
              if (liquidated > 1) seen.severalAtOnce++;
              assert.equal(openInterest(v.state, 'BTC_PERP'), openInterestOfEveryAccount(v.state, 'BTC_PERP'));
            }
          }
        },
      ),
      { seed: 23, numRuns: 2000 },
    );
    assert.ok(seen.liquidated > 1000 && seen.severalAtOnce > 200, JSON.stringify(seen));
  });
});
