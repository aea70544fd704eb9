import type { StreamChannel, TxcStream, UpdateOf } from '@txc/sdk';
import { useEffect, useState } from 'react';
import { publicStream } from '../api/connection.js';

/**
 * Subscribes the page's public stream to a channel while the component is shown; `onUpdate` gets
 * every update, `onSubscribed` runs once the server accepted. Returns the subscription's error.
 */
export function useChannel<C extends StreamChannel>(
  channel: C,
  params: unknown[] | undefined,
  onUpdate: (update: UpdateOf<C>) => void,
  onSubscribed?: (stream: TxcStream) => void,
): unknown {
  const [error, setError] = useState<unknown>(undefined);
  const key = params === undefined ? undefined : JSON.stringify(params);
  useEffect(() => {
    if (params === undefined) return;
    let cancelled = false;
    let unsubscribe: (() => Promise<void>) | undefined;
    setError(undefined);
    publicStream()
      .then(async (stream) => {
        const subscription = await stream.subscribe(channel, params, (update) => {
          if (!cancelled) onUpdate(update);
        });
        if (cancelled) {
          await subscription.unsubscribe();
          return;
        }
        unsubscribe = () => subscription.unsubscribe();
        onSubscribed?.(stream);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(e);
      });
    return () => {
      cancelled = true;
      unsubscribe?.().catch(() => undefined);
    };
    // the params' text is the dependency: a new array with the same values is the same subscription
  }, [channel, key]);
  return error;
}
