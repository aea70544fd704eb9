import { RATE_SCALE } from '@txc/core';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

const STEPS = 1000;

/**
 * A seeded random walk of prices: each step moves a price by a uniformly drawn fraction of at most
 * `step` (over RATE_SCALE) of itself, in thousandths of that bound, computed exactly. The same seed
 * walks the same prices, one draw per price per step, whatever the prices are.
 */
export class IndexWalk {
  private readonly rng;

  constructor(
    seed: number,
    private readonly step: bigint,
  ) {
    this.rng = xoroshiro128plus(seed);
  }

  /** The next price after `price` (never below one unit); `step` overrides the walk's own bound. */
  next(price: bigint, step: bigint = this.step): bigint {
    const k = BigInt(uniformInt(this.rng, -STEPS, STEPS));
    const moved = price + (price * step * k) / (RATE_SCALE * BigInt(STEPS));
    return moved > 0n ? moved : 1n;
  }

  /** A fair coin from the same sequence. */
  coin(): boolean {
    return uniformInt(this.rng, 0, 1) === 0;
  }
}
