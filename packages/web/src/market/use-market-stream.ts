import { TxcStreamError, type StreamChannel, type TxcStream, type UpdateOf } from '@txc/sdk';
import { useEffect, useState } from 'react';
import { connectionState, useConnection } from '../api/connection-state.js';
import { publicStream } from '../api/connection.js';

/**
 * Subscribes the page's public stream to a channel while the component is shown; `onUpdate` gets
 * every update, `onSubscribed` runs once the server accepted. Returns the server's refusal of the
 * subscription, if it refused it. A subscription that failed (the stream was away, or not yet
 * connected) is tried again once the stream is back, and is no error of the panel's: the connection
 * banner says the stream is away. One that succeeded the stream itself restores after a reconnect.
 */
export function useChannel<C extends StreamChannel>(
  channel: C,
  params: unknown[] | undefined,
  onUpdate: (update: UpdateOf<C>) => void,
  onSubscribed?: (stream: TxcStream) => void,
): unknown {
  const [failure, setFailure] = useState<{ error: unknown; restores: number } | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const { restores } = useConnection();
  useEffect(() => {
    if (failure !== undefined && restores > failure.restores) setAttempt((n) => n + 1);
  }, [failure, restores]);
  const key = params === undefined ? undefined : JSON.stringify(params);
  useEffect(() => {
    if (params === undefined) return;
    let cancelled = false;
    let unsubscribe: (() => Promise<void>) | undefined;
    setFailure(undefined);
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
        if (!cancelled) setFailure({ error: e, restores: connectionState().restores });
      });
    return () => {
      cancelled = true;
      unsubscribe?.().catch(() => undefined);
    };
    // the params' text is the dependency: a new array with the same values is the same subscription
  }, [channel, key, attempt]);
  return failure?.error instanceof TxcStreamError ? failure.error : undefined;
}
