import { useState } from 'react';

export interface Action<T> {
  readonly result: T | undefined;
  readonly error: unknown;
  readonly busy: boolean;
  readonly run: (send: () => Promise<T>) => void;
}

/** One API call a button makes: its answer or its error, shown until the next call. */
export function useAction<T>(onDone?: (result: T) => void): Action<T> {
  const [result, setResult] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const run = (send: () => Promise<T>) => {
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    send()
      .then((value) => {
        setResult(value);
        onDone?.(value);
      })
      .catch(setError)
      .finally(() => setBusy(false));
  };
  return { result, error, busy, run };
}
