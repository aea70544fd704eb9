import { decimalToUnits, formatUnits, pow10, type MarketSpec } from '@txc/core';
import type { FieldValidation } from '../field-validation.js';
import { decimalField, notPositive, unitsOf } from './decimal-field.js';

const REQUIRED = 'Amount field is required.';

/**
 * `amount` of stock in lots: positive, at least the market's minimum, on its step. Below the
 * minimum it is still answered (with the error filed) when it is on the step.
 */
export function stockAmount(v: FieldValidation, spec: MarketSpec): number | undefined {
  const d = decimalField(v, 'amount', 'Amount', REQUIRED);
  if (d === undefined || notPositive(v, 'amount', 'Amount', d)) return undefined;
  // compared exactly, on the step or not: an amount can break both rules, and hears of both
  const belowMinimum = d.digits * pow10(spec.stockPrec) < spec.minAmount * pow10(d.fractionDigits);
  if (belowMinimum) {
    v.add('amount', `Given amount is less than min amount ${formatUnits(spec.minAmount, spec.stockPrec)}`);
  }
  // on its step, an amount below the minimum still prices a total, whose minimum is reported too
  return unitsOf(v, 'amount', 'Amount', d, spec.stockPrec, 'Min amount step = ');
}

/**
 * `amount` of money to spend (market buy, stop-market buy) in minor units of the money asset: the
 * order's total, so held to the market's minimum and maximum total.
 */
export function moneyAmount(v: FieldValidation, spec: MarketSpec, moneyPrecision: number): number | undefined {
  const d = decimalField(v, 'amount', 'Amount', REQUIRED);
  if (d === undefined || notPositive(v, 'amount', 'Amount', d)) return undefined;
  // the market's maximum before what the engine can hold: it is the smaller, and the one to tell
  const exact = decimalToUnits(d, moneyPrecision);
  if (exact !== undefined && spec.maxTotal > 0n && exact > spec.maxTotal) {
    v.add('amount', `Total amount should be no greater than ${formatUnits(spec.maxTotal, moneyPrecision)}`);
    return undefined;
  }
  const units = unitsOf(v, 'amount', 'Amount', d, moneyPrecision, 'Min total step = = ');
  if (units !== undefined && BigInt(units) < spec.minTotal) {
    v.add('amount', `Total amount should be no less than ${formatUnits(spec.minTotal, moneyPrecision)} + trade fee`);
    return undefined;
  }
  return units;
}

/** Without a market to read the steps of: only whether `amount` is missing. */
export function requireAmount(v: FieldValidation): void {
  if (v.body.amount === undefined || v.body.amount === null) v.add('amount', REQUIRED);
}
