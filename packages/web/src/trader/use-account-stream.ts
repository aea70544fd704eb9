import { TxcStream, type TxcClient } from '@txc/sdk';
import { useEffect, useRef, useState } from 'react';
import { streamUrl } from '../api/connection.js';

export type AccountStreamState = 'connecting' | 'live' | 'reconnecting' | 'polling';

/**
 * The account's own streams (websocket spec §7) as a change signal: a spot balance or an open order
 * of this market changed, so the panels read the API again at once instead of at their next poll.
 * The connection authorizes with a token the key asks for (the secret never goes on the socket); if
 * it cannot, the panels keep polling and the state says so; while a lost connection is being
 * restored too.
 */
export function useAccountStream(client: TxcClient, market: string, onChange: () => void): AccountStreamState {
  const [state, setState] = useState<AccountStreamState>('connecting');
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    let closed = false;
    // the subscriptions were accepted: only then is the stream restored a live one
    let following = false;
    const signal = () => changed.current();
    const stream = new TxcStream({
      url: streamUrl(),
      tokens: client,
      pingIntervalMs: 30_000,
      onDisconnect: () => !closed && following && setState('reconnecting'),
      onReconnect: () => {
        if (closed || !following) return;
        setState('live');
        // what changed while the stream was away is not replayed: read it all again
        signal();
      },
    });
    setState('connecting');
    stream
      .connect()
      .then(() => stream.authorize())
      .then(() =>
        Promise.all([stream.subscribe('balanceSpot', [], signal), stream.subscribe('ordersPending', [market], signal)]),
      )
      .then(
        () => {
          following = true;
          if (!closed) setState('live');
        },
        () => !closed && setState('polling'),
      );
    return () => {
      closed = true;
      stream.close();
    };
  }, [client, market]);
  return state;
}
