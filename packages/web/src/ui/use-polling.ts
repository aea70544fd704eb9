import { useCallback, useEffect, useRef, useState } from 'react';

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
  const loadRef = useRef(load);
  loadRef.current = load;

  const refresh = useCallback(() => {
    const current = loadRef.current;
    if (current === undefined) return;
    const mine = ++generation.current;
    current().then(
      (value) => {
        if (mine !== generation.current) return;
        setData(value);
        setError(undefined);
      },
      (e: unknown) => {
        if (mine === generation.current) setError(e);
      },
    );
  }, []);

  const refreshedOn = useRef(refreshOn);
  useEffect(() => {
    if (refreshedOn.current === refreshOn) return;
    refreshedOn.current = refreshOn;
    refresh();
  }, [refreshOn]);

  useEffect(() => {
    setData(undefined);
    refresh();
    if (loadRef.current === undefined) return;
    const timer = setInterval(refresh, everyMs);
    return () => {
      clearInterval(timer);
      generation.current++;
    };
  }, deps);

  return { data, error, refresh };
}
