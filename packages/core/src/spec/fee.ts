import { mulDivCeil } from '../money/arithmetic.js';
import { RATE_SCALE } from '../money/rate.js';

/** A percentage of the amount, held within [min, max] (max 0: no upper bound). */
export interface FlexFee {
  /** Rate over RATE_SCALE (a percent of 1.5 is 0.015). */
  readonly rate: bigint;
  readonly min: bigint;
  readonly max: bigint;
}

/**
 * A deposit or withdrawal fee in the asset's minor units: a fixed part, a flex part, both or
 * neither (null parts are shown as null by the fee endpoint).
 */
export interface FeeSpec {
  readonly fixed: bigint | null;
  readonly flex: FlexFee | null;
}

export const NO_FEE: FeeSpec = { fixed: null, flex: null };

/**
 * The fee on `amount`: fixed + clamp(⌈amount·rate⌉, min, max). Rounded up, in the venue's favour.
 * Never decreases as the amount grows, so a part of an amount never costs more than the whole.
 */
export function feeFor(fee: FeeSpec, amount: bigint): bigint {
  let total = fee.fixed ?? 0n;
  if (fee.flex !== null) {
    let flex = mulDivCeil(amount, fee.flex.rate, RATE_SCALE);
    if (flex < fee.flex.min) flex = fee.flex.min;
    if (fee.flex.max > 0n && flex > fee.flex.max) flex = fee.flex.max;
    total += flex;
  }
  return total;
}
