import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CURRENT_RULES, decodeState, encodeState, RULES } from '../src/index.js';
import { collateralOrder, CollateralVenue, sound } from './support/collateral-venue.js';

const LOT = 10_000;
const TICK = 10;

/** alice long 0.1 BTC_PERP at 60 000 against bob, on a venue under `rules`. */
function venue(rules: number): CollateralVenue {
  const v = new CollateralVenue(undefined, undefined, rules);
  v.collateralUser('alice', { USDT: '1000' });
  v.collateralUser('bob', { USDT: '100000' });
  v.must(collateralOrder('bob', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT / 10 }));
  v.must(collateralOrder('alice', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT / 10 }));
  return v;
}

describe('rules versions: a journal is replayed under the rules it was written with', () => {
  it('commands journaled under the first rules are decided as they were, and adopting the next changes that', () => {
    const v = venue(RULES.first);
    assert.equal(v.state.rules, RULES.first);
    // the first rules let a leverage change under a perpetual position, and liquidated with no bid to sell to
    v.must({ type: 'SetLeverage', user: 'alice', leverage: 20 });
    v.index('BTC', '40000');
    assert.ok(v.run({ type: 'CheckLiquidations' }).result.ok);

    v.must({ type: 'AdoptRules', version: RULES.lockedLeverage });
    assert.equal(v.run({ type: 'SetLeverage', user: 'alice', leverage: 10 }).result.ok, false);
    assert.equal(v.run({ type: 'CheckLiquidations' }).result.ok, false);
    sound(v);
  });

  it('under version 2 a cancelled OTO leg is armed again by the parent’s next fill; from version 3 it is not', () => {
    const legsAfterCancel = (rules: number): [string | undefined, number][] => {
      const v = new CollateralVenue(undefined, undefined, rules);
      v.collateralUser('alice', { USDT: '10000' });
      v.collateralUser('bob', { USDT: '100000' });
      const stopLoss = { ticks: 59_000 * TICK, text: '59000' };
      v.must(collateralOrder('alice', 'BTC_PERP', 'buy', { price: 60_000 * TICK, amount: LOT, stopLoss }));
      v.must(collateralOrder('bob', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT / 4 }));
      const leg = [...v.state.trading.orders.values()].find((o) => o.oto?.role === 'stopLoss')!;
      v.must({ type: 'CancelOrder', user: 'alice', market: 'BTC_PERP', orderId: leg.id });
      v.must(collateralOrder('bob', 'BTC_PERP', 'sell', { price: 60_000 * TICK, amount: LOT / 4 }));
      sound(v);
      return [...v.state.trading.orders.values()]
        .filter((o) => o.oto !== null && o.oto.role !== 'parent')
        .map((o) => [o.oto?.role, o.amount]);
    };
    // the group had no other leg, so the new one covers the new fill (with a live take-profit it came back at full size)
    assert.deepEqual(legsAfterCancel(RULES.lockedLeverage), [['stopLoss', LOT / 4]]);
    assert.deepEqual(legsAfterCancel(RULES.finalLegCancel), []);
  });

  it('refuses a version not newer than the venue’s, and one this engine does not know', () => {
    const v = venue(CURRENT_RULES);
    for (const version of [RULES.first, CURRENT_RULES, CURRENT_RULES + 1, 1.5]) {
      const { result } = v.run({ type: 'AdoptRules', version });
      assert.equal(
        result.ok ? 'adopted' : result.rejection.reason,
        version > CURRENT_RULES || version === 1.5 ? 'RULES_UNKNOWN' : 'RULES_NOT_NEWER',
      );
    }
  });

  it('a state under the first rules encodes as before versions existed; a newer one keeps its version', () => {
    const first = venue(RULES.first);
    assert.equal('rules' in (JSON.parse(encodeState(first.state)) as object), false);
    assert.equal(decodeState(encodeState(first.state)).rules, RULES.first);
    const current = venue(CURRENT_RULES);
    assert.equal(decodeState(encodeState(current.state)).rules, CURRENT_RULES);
  });
});
