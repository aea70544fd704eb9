import type { ApplyContext } from '../commands/context.js';
import type { DefineMarket } from '../commands/venue-commands.js';
import { ok, type Result } from '../commands/rejection.js';
import { marketDefinitionRefusal } from './definition-refusal.js';
import type { MarketSpec } from '../spec/market.js';
import type { State } from '../state/state.js';
import { accrue } from '../collateral/loans.js';
import { nextBoundary } from '../state/funding-state.js';

export function defineMarket(state: State, cmd: DefineMarket, ctx: ApplyContext): Result<MarketSpec> {
  const m = cmd.market;
  const refusal = marketDefinitionRefusal(state.assets, state.markets, m);
  if (refusal !== undefined) return { ok: false, rejection: refusal };
  const existing = state.markets.get(m.name);
  // interest accrued so far is owed at the rates it accrued under
  if (existing !== undefined) {
    for (const account of state.collateral.accounts.values()) {
      const loan = account.loans.get(m.name);
      if (loan !== undefined) accrue(state, existing, loan, ctx.time);
    }
  }
  // a new funding interval takes effect from the next boundary of its own schedule
  const funding = state.funding.get(m.name);
  const terms = m.margin?.funding;
  if (funding !== undefined && terms !== undefined && terms !== null) {
    if (existing?.margin?.funding?.intervalMinutes !== terms.intervalMinutes)
      funding.nextAt = nextBoundary(ctx.time, terms);
  }
  state.markets.set(m.name, m);
  ctx.emit({ type: 'MarketDefined', market: m });
  return ok(m);
}
