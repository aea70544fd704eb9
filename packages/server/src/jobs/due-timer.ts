import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `actOnDue` now and then every `tickMs` after the previous run ends, never two at once, until
 * stopped; returns how to stop it (which waits for a run under way). A run that throws is logged as
 * `failureMessage` and the timer goes on: the jobs that use this submit commands the engine refuses
 * when they are not (or no longer) due, so a look that comes late or again does no harm.
 */
export function startDueTimer(options: {
  readonly tickMs: number;
  readonly actOnDue: () => Promise<void>;
  readonly log: FastifyBaseLogger;
  readonly failureMessage: string;
}): () => Promise<void> {
  const { tickMs, actOnDue, log, failureMessage } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const wake = (): void => {
    running = running.then(async () => {
      try {
        await actOnDue();
      } catch (error) {
        log.warn({ err: error }, failureMessage);
      }
      if (stopped) return;
      timer = setTimeout(wake, tickMs);
      timer.unref();
    });
  };
  wake();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
