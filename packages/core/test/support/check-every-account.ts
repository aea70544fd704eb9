import assert from 'node:assert/strict';
import { liquidate } from '../../src/handlers/liquidation.js';
import { liquidationState } from '../../src/collateral/liquidation-price.js';
import { accountFigures } from '../../src/collateral/margin.js';
import { repricePremium } from '../../src/funding/funding-rate.js';
import { perpetualsMovedBy } from '../../src/funding/premium-movers.js';
import { canAct } from '../../src/handlers/check-liquidations.js';
import { decodeState, encodeState, type Event, type Outcome, type State } from '../../src/index.js';
import { follows, RULES } from '../../src/state/rules.js';
import { outcomeData } from './outcome-data.js';
import type { TestVenue } from './venue.js';

/**
 * The liquidation check as it was before it kept the names of the accounts holding positions: every
 * account made before the check, in name order, skipping those that hold no position (and, from rules
 * version 3, owe nothing) when their turn comes; applied as `apply` applies an accepted command.
 * Returns who was liquidated, and the events.
 */
function checkEveryAccount(state: State, seq: number, time: number): { liquidated: string[]; events: Event[] } {
  const events: Event[] = [];
  const ctx = { seq, time, emit: (e: Event) => void events.push(e) };
  const named = [...state.collateral.accounts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const liquidated: string[] = [];
  const debts = follows(state, RULES.debtsLiquidated);
  for (const [name, account] of named) {
    if (account.positions.size === 0 && !(debts && account.loans.size > 0)) continue;
    if (liquidationState(accountFigures(state, name, time)) !== 'liquidation') continue;
    if (follows(state, RULES.lockedLeverage) && !canAct(state, name, account)) continue;
    if (liquidate(state, name, account, ctx)) liquidated.push(name);
  }
  if (liquidated.length > 0) {
    for (const spec of perpetualsMovedBy(state, { type: 'CheckLiquidations' })) repricePremium(state, spec, time);
    Object.assign(state, { seq, time });
  }
  return { liquidated, events };
}

/**
 * Runs a liquidation check on the venue, and the check above on a copy of its state: both must
 * liquidate the same accounts in the same order, with the same events, and leave the same state.
 */
export function checkedAgainstEveryAccount(v: TestVenue): Outcome<{ liquidated: string[] }> {
  const copy = decodeState(encodeState(v.state));
  const out = v.run({ type: 'CheckLiquidations' });
  const expected = checkEveryAccount(copy, v.state.seq, v.time);
  assert.deepEqual(out.result.ok ? out.result.value.liquidated : [], expected.liquidated);
  const events = (o: Outcome<unknown>): unknown => (outcomeData(o) as { events: unknown }).events;
  assert.deepEqual(events(out), events({ result: out.result, events: expected.events }));
  assert.equal(encodeState(v.state), encodeState(copy));
  return out;
}
