import { TxcStream, type StreamAccountSnapshot, type StreamPosition, type TxcClient } from '@txc/sdk';
import { useEffect, useRef, useState } from 'react';
import { Backoff } from '../api/backoff.js';
import { onServerBack, onStreamRestored, streamUrl } from '../api/connection.js';

export type AccountStreamState = 'connecting' | 'live' | 'reconnecting' | 'polling';

/**
 * What an account stream says changed: a spot balance or an open order (`orders`), an order that
 * finished or traded (`history`), the open positions (`positions`); `all` after a reconnect, when
 * what happened meanwhile is not replayed.
 */
export type AccountChange = 'orders' | 'history' | 'positions' | 'all';

/** What makes one set of positions another: which are open, and their sizes. */
function positionsShape(snapshot: StreamAccountSnapshot<StreamPosition>): string {
  return snapshot.records
    .map((p) => `${p.id}:${p.amount}`)
    .sort()
    .join(' ');
}

/** The close of a stream whose key was revoked or refused: it does not come back. */
const KEY_REFUSED = 4003;

/**
 * The account's own streams (websocket spec §7) as a change signal, so that the panels read the API
 * again at once instead of at their next poll, whatever client made the change (this page, a bot on
 * another key): spot balances, the market's open orders, its finished orders and own trades, and the
 * open positions. The connection authorizes with a token the key asks for (the secret never goes on
 * the socket); if it cannot, the panels keep polling and the state says so; while a lost connection
 * is being restored too.
 */
export function useAccountStream(
  client: TxcClient,
  market: string,
  onChange: (change: AccountChange) => void,
): AccountStreamState {
  const [state, setState] = useState<AccountStreamState>('connecting');
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    let closed = false;
    // the subscriptions were accepted: only then is the stream restored a live one
    let following = false;
    const signal = (change: AccountChange) => () => changed.current(change);
    // positionsMargin pushes the whole account every second while a mark moves its PnL: only a
    // position opened, resized or closed is worth reading again before the next poll
    let positions: string | undefined;
    const onPositions = (snapshot: StreamAccountSnapshot<StreamPosition>) => {
      const shape = positionsShape(snapshot);
      if (shape === positions) return;
      positions = shape;
      changed.current('positions');
    };
    let stream: TxcStream | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const retries = new Backoff();
    // A stream that never opened (no WebSocket through a proxy, the server down at login) does not
    // reconnect by itself: it is opened anew, backing off, and at once when the server or the public
    // stream is back, so that the panels are not left polling once sockets get through again.
    const open = (again: boolean) => {
      retry = undefined;
      const opening = new TxcStream({
        url: streamUrl(),
        tokens: client,
        pingIntervalMs: 30_000,
        // a stream whose key was revoked or refused has ended (4003): the panels poll, and say why
        onDisconnect: ({ code }) => {
          if (closed || !following) return;
          setState(code === KEY_REFUSED ? 'polling' : 'reconnecting');
        },
        onReconnect: () => {
          if (closed || !following) return;
          setState('live');
          signal('all')();
        },
      });
      stream = opening;
      opening
        .connect()
        .then(() => opening.authorize())
        .then(() =>
          Promise.all([
            opening.subscribe('balanceSpot', [], signal('orders')),
            opening.subscribe('ordersPending', [market], signal('orders')),
            opening.subscribe('ordersExecuted', [[market], 0], signal('history')),
            opening.subscribe('deals', [[market]], signal('history')),
            opening.subscribe('positionsMargin', [], onPositions),
          ]),
        )
        .then(
          () => {
            if (closed) return;
            following = true;
            setState('live');
            // what changed while it could not open was polled, perhaps not yet read
            if (again) signal('all')();
          },
          () => {
            opening.close();
            if (closed) return;
            setState('polling');
            retry = setTimeout(() => open(true), retries.next());
          },
        );
    };
    const openNow = () => {
      if (retry === undefined) return;
      clearTimeout(retry);
      open(true);
    };
    setState('connecting');
    open(false);
    // as the public stream does: once the server answers again, a lost connection need not wait out
    // the rest of its backoff; connect() cuts it short, and restores as that reconnect would have
    const stopWaiting = onServerBack(() => {
      if (closed) return;
      if (following) stream?.connect().catch(() => undefined);
      else openNow();
    });
    const stopWatching = onStreamRestored(() => !closed && !following && openNow());
    return () => {
      closed = true;
      clearTimeout(retry);
      stopWaiting();
      stopWatching();
      stream?.close();
    };
  }, [client, market]);
  return state;
}
