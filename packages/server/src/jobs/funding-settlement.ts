import type { Job } from './job.js';

/** The job looks again at least this often, so that a market defined or redefined meanwhile is not missed. */
const MAX_SLEEP_MS = 60_000;
/** A settlement refused for a passing reason (the store away) is tried again after this. */
const RETRY_MS = 1_000;

/**
 * Settles each perpetual's funding period at its boundary (`next_funding_rate_timestamp`): it sleeps
 * until the earliest one, then submits `SettleFunding` for every market that is due. A server that
 * was down across boundaries settles once when it is back, and the next period starts from then.
 */
export const fundingSettlement: Job = {
  name: 'funding-settlement',
  start({ venue, log }) {
    let timer: NodeJS.Timeout | undefined;
    let stopped = false;
    let running: Promise<void> = Promise.resolve();

    const settleDue = async (): Promise<number> => {
      const now = venue.clock.nowMicros();
      let earliest = Infinity;
      for (const [market, f] of venue.state.funding) {
        if (f.nextAt > now) {
          earliest = Math.min(earliest, f.nextAt);
          continue;
        }
        const { result } = await venue.submit({ type: 'SettleFunding', market, early: false });
        if (result.ok) {
          log.info(
            { market, rate: result.value.rate.toString(), settledAt: result.value.settledAt },
            'funding settled',
          );
        } else if (result.rejection.reason !== 'FUNDING_NOT_DUE') {
          log.warn({ market, reason: result.rejection.reason }, 'funding settlement refused');
        }
        earliest = Math.min(earliest, venue.state.funding.get(market)?.nextAt ?? Infinity);
      }
      return earliest === Infinity ? MAX_SLEEP_MS : Math.max(0, (earliest - venue.clock.nowMicros()) / 1000);
    };

    const schedule = (ms: number): void => {
      if (stopped) return;
      timer = setTimeout(wake, Math.min(Math.ceil(ms), MAX_SLEEP_MS));
      timer.unref();
    };
    const wake = (): void => {
      running = running.then(async () => {
        try {
          schedule(await settleDue());
        } catch (error) {
          log.warn({ err: error }, 'funding settlement failed; retrying');
          schedule(RETRY_MS);
        }
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
