import { dueKillSwitches } from '@txc/core';
import { startDueTimer } from './due-timer.js';
import type { Job } from './job.js';

/** How often the job looks at the armed switches: a switch's times are whole seconds. */
const TICK_MS = 250;

/**
 * Sets off every kill-switch whose time has come on the venue's clock, one FireKillSwitch command
 * each, in the order they expire. It looks at start-up first, so a switch that expired while the
 * server was down acts as soon as the server is back. The engine refuses a switch not yet due (or
 * refreshed or disarmed meanwhile), so a late or repeated look does no harm.
 */
export const killSwitchTimer: Job = {
  name: 'kill-switch-timer',
  start({ venue, log }) {
    const fireDue = async (): Promise<void> => {
      if (!venue.writable) return;
      for (const due of dueKillSwitches(venue.state.killSwitches, venue.clock.nowMicros())) {
        const { result } = await venue.submit({ type: 'FireKillSwitch', user: due.user, market: due.market });
        if (result.ok) log.info({ user: due.user, market: due.market, ...result.value }, 'kill-switch fired');
        else if (result.rejection.reason !== 'KILL_SWITCH_NOT_DUE') {
          log.warn({ user: due.user, market: due.market, reason: result.rejection.reason }, 'kill-switch refused');
        }
      }
    };
    return startDueTimer({
      tickMs: TICK_MS,
      actOnDue: fireDue,
      log,
      failureMessage: 'kill-switch check failed; retrying',
    });
  },
};
