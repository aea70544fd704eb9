import {
  accountFigures,
  accountView,
  adlQuantile,
  divide,
  effectiveLeverage,
  formatUnits,
  formatUnitsFixed,
  holdings,
  interestAt,
  interestDue,
  liquidationPrice,
  liquidationState,
  positionPnl,
  positionValue,
  pow10,
  unitsFor,
  VALUE_DECIMALS,
  type AccountFigures,
  type Position,
  type State,
} from '@txc/core';

/** Values (10^-36 USDT) are answered with 18 decimals, rounded as asked. */
const SHOWN = 18;
const SHOWN_DIVISOR = pow10(VALUE_DECIMALS - SHOWN);

export function usdtText(value: bigint, up: boolean): string {
  return formatUnits(divide(value, SHOWN_DIVISOR, up), SHOWN);
}

/** Reads see interest accrued up to the moment they are answered. */
export function readTime(state: State, nowMicros: number): number {
  return nowMicros > state.time ? nowMicros : state.time;
}

/**
 * Spec §2.3: equity and PnL rounded down, margin and unrealized funding up (the venue's
 * favour), freeMargin = equity − margin, marginFraction = margin / equity ("0" with zero equity).
 */
export function summaryBody(state: State, user: string, now: number): Record<string, unknown> {
  const f = accountFigures(state, user, now);
  return {
    equity: usdtText(f.equity, false),
    margin: usdtText(f.margin, true),
    freeMargin: usdtText(f.equity - f.margin, false),
    unrealizedFunding: usdtText(f.interest, true),
    pnl: usdtText(f.pnl, false),
    leverage: accountView(state, user).leverage,
    marginFraction: f.equity === 0n ? '0' : formatUnits(divide(f.margin * pow10(SHOWN), f.equity, true), SHOWN),
  };
}

/** The live OTO legs closing a position (the latest group's), or null. */
function tpsl(state: State, user: string, pos: Position): Record<string, unknown> | null {
  let found: Record<string, unknown> | null = null;
  for (const g of state.collateral.otos.values()) {
    if (g.user !== user || g.market !== pos.market) continue;
    const sl = g.stopLossId === null ? undefined : state.trading.orders.get(g.stopLossId);
    const tp = g.takeProfitId === null ? undefined : state.trading.orders.get(g.takeProfitId);
    const side = (sl ?? tp)?.positionSide;
    if (side !== pos.side) continue;
    found = {
      takeProfitId: tp?.id ?? null,
      takeProfit: tp?.activationPriceText ?? null,
      stopLossId: sl?.id ?? null,
      stopLoss: sl?.activationPriceText ?? null,
    };
  }
  return found;
}

/** A position's entry price: its basis over its size, in units of the market's fine scale (truncated). */
export function entryPrice(state: State, market: string, size: number, basis: bigint): string | null {
  const spec = state.markets.get(market);
  if (spec === undefined || size === 0) return null;
  const units = unitsFor(state, spec);
  return formatUnits((basis * pow10(spec.stockPrec)) / BigInt(Math.abs(size)), units.fineScale);
}

/** Reference §6.4: one open position, its figures at the mark price and the account's free margin. */
export function positionBody(
  state: State,
  user: string,
  pos: Position,
  f: AccountFigures,
  now: number,
): Record<string, unknown> {
  const spec = state.markets.get(pos.market);
  if (spec === undefined) throw new Error(`position on unknown market ${pos.market}`);
  const units = unitsFor(state, spec);
  const account = accountView(state, user);
  const moneyPrecision = state.assets.get(spec.money)?.precision ?? 0;
  const margin = divide(positionValue(state, spec, pos, true) ?? 0n, BigInt(effectiveLeverage(account, spec)), true);
  const pnl = positionPnl(state, spec, pos);
  const loan = account.loans.get(pos.market);
  const unrealizedFunding = loan === undefined ? 0n : interestDue(state, spec, interestAt(state, spec, loan, now));
  const liquidation = liquidationPrice(state, user, pos, units.fineScale, now);
  // pnl as a percent of the position's margin, two decimals, truncated
  const percent = margin === 0n ? 0n : (pnl * 10_000n) / margin;
  return {
    positionId: pos.id,
    market: pos.market,
    openDate: pos.openedAt / 1_000_000,
    modifyDate: pos.modifiedAt / 1_000_000,
    amount: formatUnits(BigInt(pos.size), spec.stockPrec),
    basePrice: entryPrice(state, pos.market, pos.size, pos.basis),
    liquidationPrice: liquidation === null ? null : formatUnits(liquidation, units.fineScale),
    liquidationState: liquidationState(f),
    pnl: usdtText(pnl, false),
    pnlPercent: formatUnitsFixed(percent, 2),
    margin: usdtText(margin, true),
    freeMargin: usdtText(f.equity - f.margin, false),
    // a perpetual's funding is settled into the balance: its position shows none (reference §6.4)
    funding: spec.type === 'futures' ? '0' : formatUnits(pos.funding, moneyPrecision),
    unrealizedFunding: spec.type === 'futures' ? '0' : formatUnits(unrealizedFunding, moneyPrecision),
    tpsl: tpsl(state, user, pos),
    positionSide: pos.side,
    realizedPnl: formatUnits(pos.realized, units.fineScale),
    unrealizedPnl: usdtText(pnl, false),
    // 0–4, higher is deleveraged sooner (websocket.md §7.11); null off a perpetual
    adlQuantile: adlQuantile(state, user, pos, now),
  };
}

/** What the collateral account holds of each asset (available and held by orders), non-zero only. */
export function collateralHoldings(state: State, user: string): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const [t, v] of holdings(state, user)) if (v !== 0n) out.set(t, v);
  return out;
}
