/** The longest delay a timer takes. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Settles as `promise` does, or as `late` does once `ms` have passed without it: `late` gives the
 * answer that stands for none (a default, or a throw). The timer does not outlive the race, so a
 * process is never kept alive by a wait that is over. A wait longer than a timer can take (some 24
 * days, or endless) is no limit at all.
 */
export function settledWithin<T>(promise: Promise<T>, ms: number, late: () => T): Promise<T> {
  // a timer's delay is 32 bits: a longer one would fire at once
  if (!(ms <= MAX_TIMER_MS)) return promise;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<T>((resolve) => {
    // what `late` throws rejects
    timer = setTimeout(() => resolve(Promise.resolve().then(late)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
