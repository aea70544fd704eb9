import { parseDecimal, type MarketSpec } from '@txc/core';
import type { FieldValidation } from '../field-validation.js';
import { notPositive, unitsOf } from './decimal-field.js';

const SPELLINGS = ['activation_price', 'activationPrice'] as const;

function given(v: FieldValidation): unknown {
  return v.body[v.spelling(SPELLINGS)] ?? undefined;
}

/** Stops without a market to read the steps of: says whether the activation price is missing. */
export function requireActivationPrice(v: FieldValidation): void {
  const value = given(v);
  if (value === undefined || value === '') v.add('activation_price', 'Activation price field is required.');
}

/** Stops: `activation_price` (or `activationPrice`), in ticks, and the text submitted. */
export function activationPrice(v: FieldValidation, spec: MarketSpec): { ticks: number; text: string } | undefined {
  const value = given(v);
  if (value === undefined || value === '') {
    requireActivationPrice(v);
    return undefined;
  }
  const text =
    typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  const d = text === undefined ? undefined : parseDecimal(text);
  if (text === undefined || d === undefined) {
    v.add('activation_price', 'Activation price should be numeric string.');
    return undefined;
  }
  if (notPositive(v, 'activationPrice', 'Activation price', d)) return undefined;
  const ticks = unitsOf(v, 'activationPrice', 'Activation price', d, spec.moneyPrec, 'Min activation price step = ');
  return ticks === undefined ? undefined : { ticks, text };
}
