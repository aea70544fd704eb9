import { formatUnits, type State } from '@txc/core';
import type { DealsTable } from '../store/database.js';
import { unitsOf } from './order-figures.js';

/** The integers of a deal row as decimal texts of its market. */
export function dealFigures(
  state: State,
  row: DealsTable,
): { price: string; amount: string; deal: string; fee: string; feeAsset: string } {
  const { units, money } = unitsOf(state, row.market);
  const spec = units.spec;
  return {
    price: formatUnits(BigInt(row.price), spec.moneyPrec),
    amount: formatUnits(BigInt(row.lots), spec.stockPrec),
    deal: formatUnits(BigInt(row.notional), units.fineScale),
    fee: formatUnits(BigInt(row.fee), money),
    feeAsset: spec.money,
  };
}
