import { dueKillSwitches } from '@txc/core';
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
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    let running: Promise<void> = Promise.resolve();

    const fireDue = async (): Promise<void> => {
      for (const due of dueKillSwitches(venue.state.killSwitches, venue.clock.nowMicros())) {
        const { result } = await venue.submit({ type: 'FireKillSwitch', user: due.user, market: due.market });
        if (result.ok) log.info({ user: due.user, market: due.market, ...result.value }, 'kill-switch fired');
        else if (result.rejection.reason !== 'KILL_SWITCH_NOT_DUE') {
          log.warn({ user: due.user, market: due.market, reason: result.rejection.reason }, 'kill-switch refused');
        }
      }
    };
    const wake = (): void => {
      running = running.then(async () => {
        try {
          await fireDue();
        } catch (error) {
          log.warn({ err: error }, 'kill-switch check failed; retrying');
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
