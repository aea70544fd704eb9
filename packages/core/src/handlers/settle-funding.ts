import type { ApplyContext } from '../commands/context.js';
import type { FundingSettlement, SettleFunding } from '../commands/collateral-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import { accountOf, type Position } from '../state/collateral-state.js';
import { dropIfSettled, repayFromAvailable, takeOrBorrow } from '../collateral/loans.js';
import { unitsFor } from '../collateral/margin.js';
import { heldPositions } from '../collateral/position-holders.js';
import { RATE_SCALE } from '../money/rate.js';
import { averagePremium, clampedRate, fundingOf } from '../funding/funding-rate.js';
import { newPeriod } from '../state/funding-state.js';
import { perpMark, premium } from '../funding/mark-price.js';
import { addTo } from '../state/ledger.js';
import type { State } from '../state/state.js';

/** The positions of a market, in position id order: settlement must not depend on how maps were filled. */
function positionsOn(state: State, market: string): { user: string; pos: Position }[] {
  const out: { user: string; pos: Position }[] = [];
  for (const [user, pos] of heldPositions(state.collateral.accounts)) {
    if (pos.market === market && pos.size !== 0) out.push({ user, pos });
  }
  return out.sort((a, b) => a.pos.id - b.pos.id);
}

/**
 * Each position's exact payment is |size| × mark × rate; the paying side pays it rounded up and the
 * receiving side receives it rounded down, so the venue never pays out more than it takes in, and the
 * difference (the rounding residue) goes to the fee account. A payer short of money borrows the rest
 * from the lending pool, as a perpetual's fees and losses do.
 */
export function settleFunding(state: State, cmd: SettleFunding, ctx: ApplyContext): Result<FundingSettlement> {
  const spec = state.markets.get(cmd.market);
  const terms = spec?.margin?.funding;
  if (spec === undefined || spec.type !== 'futures' || terms === undefined || terms === null) {
    return reject('MARKET_NOT_AVAILABLE', { market: cmd.market });
  }
  const now = ctx.time;
  const period = fundingOf(state, spec, terms, now);
  if (!cmd.early && now < period.nextAt) return reject('FUNDING_NOT_DUE', { nextAt: String(period.nextAt) });
  const mark = perpMark(state, spec);
  if (mark === undefined) return reject('INDEX_PRICE_MISSING', { market: spec.name });

  const rate = clampedRate(terms, averagePremium(period, now));
  const units = unitsFor(state, spec);
  const magnitude = rate < 0n ? -rate : rate;
  const den = mark.den * RATE_SCALE;
  let paid = 0n;
  let received = 0n;
  for (const { user: name, pos } of positionsOn(state, spec.name)) {
    const user = state.users.get(name);
    if (user === undefined || rate === 0n) continue;
    const exact = BigInt(Math.abs(pos.size)) * mark.num * units.mul * magnitude;
    const pays = pos.size > 0 === rate > 0n;
    const account = accountOf(state.collateral, name);
    let amount: bigint;
    if (pays) {
      amount = (exact + den - 1n) / den;
      if (amount > 0n) takeOrBorrow(state, user, spec, amount, now);
      pos.funding += amount;
      paid += amount;
    } else {
      amount = exact / den;
      addTo(user.collateral, spec.money, amount);
      pos.funding -= amount;
      received += amount;
      const loan = account.loans.get(spec.name);
      if (loan !== undefined && amount > 0n) {
        repayFromAvailable(state, user, spec, loan, now, spec.money);
        dropIfSettled(account, spec.name);
      }
    }
    ctx.emit({
      type: 'FundingPaid',
      user: name,
      market: spec.name,
      positionId: pos.id,
      positionSide: pos.side,
      size: pos.size,
      rate,
      markPrice: mark,
      amount: pays ? -amount : amount,
      settledAt: now,
      periodStart: period.periodStart,
    });
  }
  const residue = paid - received;
  if (residue !== 0n) addTo(state.ledger.fees, spec.money, residue);
  const settlement: FundingSettlement = {
    market: spec.name,
    rate,
    markPrice: mark,
    settledAt: now,
    periodStart: period.periodStart,
    paid,
    received,
    residue,
  };
  state.funding.set(spec.name, newPeriod(now, terms, premium(state, spec), rate));
  ctx.emit({ type: 'FundingSettled', ...settlement });
  return ok(settlement);
}
