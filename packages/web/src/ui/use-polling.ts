import { useCallback, useEffect, useRef, useState } from 'react';
import { onServerBack } from '../api/connection.js';
import { isNoAnswer } from '../api/no-answer.js';

/** The first retry of a read answered with an error; each next one waits twice as long. */
const FIRST_RETRY_MS = 1_000;

export interface Polled<T> {
  readonly data: T | undefined;
  readonly error: unknown;
  /** Loads again now (after an action that changed what it shows). */
  readonly refresh: () => void;
}

/**
 * Loads `load()` now and every `everyMs`, and again whenever a dependency changes. An answer that
 * arrives after a newer request started is dropped, so a slow reply never overwrites a fresh one.
 * A change of `refreshOn` (a count of changes told from elsewhere) loads again too, keeping what is
 * shown until the answer replaces it: the same data read again, not other data.
 *
 * A read that got no answer is no error of this data: what is shown stays (the connection banner says
 * the server cannot be reached, once for the page), and it is read again as soon as the server answers.
 * A read answered with an error (a 503 while the server is busy, a 429) is tried again within a
 * second, then less often, never less often than every `everyMs`: a page that could not load its
 * markets once does not wait a minute to show them.
 */
export function usePolling<T>(
  load: (() => Promise<T>) | undefined,
  everyMs: number,
  deps: unknown[],
  refreshOn?: number,
): Polled<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const generation = useRef(0);
  const unanswered = useRef(false);
  const loadRef = useRef(load);
  loadRef.current = load;
  const failures = useRef(0);
  const everyMsRef = useRef(everyMs);
  everyMsRef.current = everyMs;
  const retry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(() => {
    const current = loadRef.current;
    if (current === undefined) return;
    const mine = ++generation.current;
    clearTimeout(retry.current);
    current().then(
      (value) => {
        if (mine !== generation.current) return;
        unanswered.current = false;
        failures.current = 0;
        setData(value);
        setError(undefined);
      },
      (e: unknown) => {
        if (mine !== generation.current) return;
        if (isNoAnswer(e)) {
          unanswered.current = true;
          return;
        }
        setError(e);
        const wait = Math.min(everyMsRef.current, FIRST_RETRY_MS * 2 ** failures.current++);
        retry.current = setTimeout(refresh, wait);
      },
    );
  }, []);

  useEffect(
    () =>
      onServerBack(() => {
        if (unanswered.current) refresh();
      }),
    [],
  );

  const refreshedOn = useRef(refreshOn);
  useEffect(() => {
    if (refreshedOn.current === refreshOn) return;
    refreshedOn.current = refreshOn;
    refresh();
  }, [refreshOn]);

  useEffect(() => {
    // what was read, or refused, is of the data before: an admin token refused stays refused no longer
    setData(undefined);
    setError(undefined);
    refresh();
    if (loadRef.current === undefined) return;
    const timer = setInterval(refresh, everyMs);
    return () => {
      clearInterval(timer);
      clearTimeout(retry.current);
      failures.current = 0;
      generation.current++;
    };
  }, deps);

  return { data, error, refresh };
}
