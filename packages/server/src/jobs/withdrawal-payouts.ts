import { randomBytes } from 'node:crypto';
import { networkOf } from '@txc/core';
import { chainFamilyOf } from '../wallet/chains/index.js';
import type { Job } from './job.js';

const TICK_MS = 1000;

/**
 * `--simulate`: the chain pays every withdrawal out by itself once it has waited
 * `wallet.withdrawalDelayMs`, with a transaction hash written the way its chain writes them (fiat
 * payouts get none). Like any job it only submits commands.
 */
export const withdrawalPayouts: Job = {
  name: 'withdrawal-payouts',
  start({ venue, config, log }) {
    const delayMicros = config.wallet.withdrawalDelayMs * 1000;
    let running = Promise.resolve();
    const tick = (): void => {
      running = running
        .then(async () => {
          if (!venue.writable) return;
          const due = [...venue.state.withdrawals.values()].filter(
            (w) => w.createdAt + delayMicros <= venue.clock.nowMicros(),
          );
          for (const w of due) {
            const asset = venue.state.assets.get(w.ticker);
            const family = chainFamilyOf(asset === undefined ? undefined : networkOf(asset, w.network));
            const transactionHash = family === undefined ? null : family.transactionHash(randomBytes(32));
            const { result } = await venue.submit({
              type: 'CompleteWithdrawal',
              transactionId: w.transactionId,
              transactionHash,
              processedAmount: null,
            });
            if (result.ok)
              log.info({ transactionId: w.transactionId, transactionHash }, 'simulated withdrawal paid out');
          }
        })
        .catch((error: unknown) => log.warn({ err: error }, 'simulated payout failed; retrying'));
    };
    const timer = setInterval(tick, Math.min(TICK_MS, Math.max(10, config.wallet.withdrawalDelayMs)));
    return async () => {
      clearInterval(timer);
      await running;
    };
  },
};
