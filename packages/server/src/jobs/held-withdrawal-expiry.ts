import { dueHeldWithdrawals } from '@txc/core';
import type { Job } from './job.js';

/** How often the job looks at the held withdrawals: their retention is a day, a second late is nothing. */
const TICK_MS = 1000;

/**
 * Expires every sub-account withdrawal its main account left unconfirmed past its retention, on the
 * venue's clock, one ExpireHeldWithdrawal command each, earliest first. It looks at start-up first,
 * so one that ran out while the server was down ends as soon as the server is back. The engine
 * refuses one not yet due (or confirmed meanwhile), so a late or repeated look does no harm.
 */
export const heldWithdrawalExpiry: Job = {
  name: 'held-withdrawal-expiry',
  start({ venue, log }) {
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    let running: Promise<void> = Promise.resolve();

    const expireDue = async (): Promise<void> => {
      if (!venue.writable) return;
      for (const due of dueHeldWithdrawals(venue.state.heldWithdrawals, venue.clock.nowMicros())) {
        const { result } = await venue.submit({ type: 'ExpireHeldWithdrawal', transactionId: due.transactionId });
        if (result.ok) log.info({ transactionId: due.transactionId, user: due.user }, 'held withdrawal expired');
        else if (result.rejection.reason !== 'HELD_WITHDRAWAL_NOT_DUE') {
          log.warn({ transactionId: due.transactionId, reason: result.rejection.reason }, 'held withdrawal refused');
        }
      }
    };
    const wake = (): void => {
      running = running.then(async () => {
        try {
          await expireDue();
        } catch (error) {
          log.warn({ err: error }, 'held withdrawal check failed; retrying');
        }
        if (stopped) return;
        timer = setTimeout(wake, TICK_MS);
        timer.unref();
      });
    };
    wake();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    };
  },
};
