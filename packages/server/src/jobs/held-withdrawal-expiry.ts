import { dueHeldWithdrawals } from '@txc/core';
import { startDueTimer } from './due-timer.js';
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
    return startDueTimer({
      tickMs: TICK_MS,
      actOnDue: expireDue,
      log,
      failureMessage: 'held withdrawal check failed; retrying',
    });
  },
};
