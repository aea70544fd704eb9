import {
  accountView,
  formatUnits,
  interestAt,
  interestDue,
  liquidationPrice,
  unitsFor,
  type Loan,
  type State,
} from '@txc/core';
import { wsSeconds } from '../wire.js';

/** One borrowed asset as the borrow streams show it (websocket spec §7.9). */
export interface BorrowRecord {
  readonly asset: string;
  readonly ctime: unknown;
  readonly mtime: unknown;
  /** Negative: what is owed. */
  readonly amount: string;
  readonly unrealized_funding: string;
  readonly liq_price: string | null;
}

/**
 * The records of one market's loan, one per asset borrowed (docs/decisions.md, "Account streams"):
 * opened with the market's oldest position (or when the loan last accrued, without one), changed
 * when interest last accrued; the interest accrued and unpaid counts on the loan's first asset; the
 * liquidation price is that of the market's oldest position, as REST's open positions answer it.
 */
function loanRecords(state: State, user: string, market: string, loan: Loan, now: number): BorrowRecord[] {
  const spec = state.markets.get(market);
  if (spec === undefined) return [];
  const positions = [...accountView(state, user).positions.values()]
    .filter((p) => p.market === market)
    .sort((a, b) => a.id - b.id);
  const oldest = positions[0];
  const liquidation =
    oldest === undefined ? null : liquidationPrice(state, user, oldest, unitsFor(state, spec).fineScale, now);
  const liqPrice = liquidation === null ? null : formatUnits(liquidation, unitsFor(state, spec).fineScale);
  const moneyPrecision = state.assets.get(spec.money)?.precision ?? 0;
  const interest = formatUnits(interestDue(state, spec, interestAt(state, spec, loan, now)), moneyPrecision);
  return [...loan.principal]
    .filter(([, principal]) => principal !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([ticker, principal], i) => ({
      asset: ticker,
      ctime: wsSeconds(oldest?.openedAt ?? loan.accruedAt),
      mtime: wsSeconds(loan.accruedAt),
      amount: formatUnits(-principal, state.assets.get(ticker)?.precision ?? 0),
      unrealized_funding: i === 0 ? interest : '0',
      liq_price: liqPrice,
    }));
}

/** Every borrow of the account, by market then asset. */
export function borrowRecords(state: State, user: string, now: number): BorrowRecord[] {
  const loans = [...accountView(state, user).loans].sort(([a], [b]) => (a < b ? -1 : 1));
  return loans.flatMap(([market, loan]) => loanRecords(state, user, market, loan, now));
}
