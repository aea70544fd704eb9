import { formatUnits, marketUnits, type MarketUnits, type OrderView, type State } from '@txc/core';

/** The market's units and asset precisions, for rendering its integers. */
export function unitsOf(state: State, market: string): { units: MarketUnits; money: number; stock: number } {
  const spec = state.markets.get(market);
  if (spec === undefined) throw new Error(`unknown market ${market}`);
  const money = state.assets.get(spec.money)?.precision ?? 0;
  const stock = state.assets.get(spec.stock)?.precision ?? 0;
  return { units: marketUnits(spec, money, stock), money, stock };
}

/** An order's integers as the API's decimal texts. */
export function orderFigures(
  state: State,
  o: OrderView,
): { amount: string; left: string; price: string; dealStock: string; dealMoney: string; dealFee: string } {
  const { units, money } = unitsOf(state, o.market);
  const spec = units.spec;
  const amountPrecision = o.byMoney ? money : spec.stockPrec;
  return {
    amount: formatUnits(BigInt(o.amount), amountPrecision),
    left: formatUnits(BigInt(o.left), amountPrecision),
    price: formatUnits(BigInt(o.price), spec.moneyPrec),
    dealStock: formatUnits(BigInt(o.dealStock), spec.stockPrec),
    dealMoney: formatUnits(o.dealNotional, units.fineScale),
    dealFee: formatUnits(o.dealFee, money),
  };
}

/** Microseconds as the API's Unix seconds with a fraction. */
export function seconds(micros: number): number {
  return micros / 1_000_000;
}
