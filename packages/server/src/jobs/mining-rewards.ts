import { randomBytes } from 'node:crypto';
import { formatUnits, MINING_REWARD_TICKER, mulDivCeil, mulDivFloor, parseUnits } from '@txc/core';
import { DEMO_MINING_ACCOUNT, demoMiners } from '../demo/mining-seed.js';
import type { Job, JobContext } from './job.js';

/** The pool's FPPS fee, in per-mille of the gross reward (2.5 %). */
const POOL_FEE_PER_MILLE = 25n;
const DAY_MS = 86_400_000n;
const TERAHASH = 1_000_000_000_000n;
/** The FPPS rate (BTC per TH/s per day) is quoted with this many decimals. */
const RATE_DECIMALS = 12;

export interface DemoReward {
  readonly amount: bigint;
  readonly fee: bigint;
  readonly fppsRate: string;
}

/**
 * What a miner of `hashRate` H/s earns in `intervalMs` when the gross is `gross` satoshis: the
 * pool keeps its fee (rounded up, in its favour) and quotes the FPPS rate it paid at.
 */
export function demoReward(gross: bigint, hashRate: bigint, intervalMs: number, precision: number): DemoReward {
  const fee = mulDivCeil(gross, POOL_FEE_PER_MILLE, 1000n);
  const scale = 10n ** BigInt(RATE_DECIMALS - precision);
  const rate = mulDivFloor(gross * scale * DAY_MS, TERAHASH, BigInt(intervalMs) * hashRate);
  return { amount: gross - fee, fee, fppsRate: formatUnits(rate, RATE_DECIMALS) };
}

async function payDemoMiners(context: JobContext): Promise<void> {
  const { venue, config, log } = context;
  const settings = config.simulation.miningRewards;
  const precision = venue.state.assets.get(MINING_REWARD_TICKER)?.precision;
  const gross = precision === undefined ? undefined : parseUnits(settings.amount, precision);
  if (precision === undefined || gross === undefined || gross <= 0n) return;
  const reward = demoReward(gross, BigInt(settings.hashRate), settings.intervalMs, precision);
  if (reward.amount <= 0n) return;
  await Promise.all(
    demoMiners(venue).map(async (user) => {
      const { result } = await venue.submit({
        type: 'CreditMiningReward',
        user,
        account: DEMO_MINING_ACCOUNT,
        amount: reward.amount,
        fee: reward.fee,
        hashRate: settings.hashRate,
        fppsRate: reward.fppsRate,
        txHash: randomBytes(32).toString('hex'),
      });
      if (!result.ok) log.warn({ user, reason: result.rejection.reason }, 'demo mining reward refused');
    }),
  );
}

/**
 * Under `--simulate`: every interval the demo mining accounts earn a small BTC reward, paid where
 * each account's payout destination says. Missing accounts (a venue without the demo seed) are skipped.
 */
export const miningRewardsJob: Job = {
  name: 'mining-rewards',
  start(context) {
    let running: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      running = running
        .then(() => payDemoMiners(context))
        .catch((error: unknown) => context.log.warn({ err: error }, 'demo mining reward failed'));
    }, context.config.simulation.miningRewards.intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  },
};
