import type { ApplyContext } from '../commands/context.js';
import type { DefineMarket } from '../commands/venue-commands.js';
import { ok, reject, type Result } from '../commands/rejection.js';
import type { MarketSpec } from '../spec/market.js';
import type { State } from '../state/state.js';
import { accrue } from '../collateral/loans.js';
import { nextBoundary } from '../state/funding-state.js';

export function defineMarket(state: State, cmd: DefineMarket, ctx: ApplyContext): Result<MarketSpec> {
  const m = cmd.market;
  const stock = state.assets.get(m.stock);
  const money = state.assets.get(m.money);
  if (money === undefined || (m.type === 'spot' && stock === undefined)) {
    return reject('UNKNOWN_MARKET_ASSET', { market: m.name });
  }
  if (stock !== undefined && m.type === 'spot' && m.stockPrec > stock.precision) {
    return reject('UNKNOWN_MARKET_ASSET', { market: m.name });
  }
  // a perpetual settles its notionals in the money asset exactly (no fine unit below a minor unit)
  if (m.type === 'futures' && m.stockPrec + m.moneyPrec > money.precision) {
    return reject('MARKET_PRECISION_UNSUPPORTED', { market: m.name });
  }
  const existing = state.markets.get(m.name);
  if (existing !== undefined && (existing.stockPrec !== m.stockPrec || existing.moneyPrec !== m.moneyPrec)) {
    return reject('ASSET_PRECISION_FIXED', { ticker: m.name });
  }
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
