import { useSyncExternalStore } from 'react';

/** What the page knows of its link to the server, from its public stream and its HTTP requests. */
export interface ConnectionState {
  /** The public stream is connected, or still opening for the first time. */
  readonly streamUp: boolean;
  /** The last HTTP request that ended reached the server (whatever it answered). */
  readonly httpUp: boolean;
  /**
   * The stream is down while the server answers HTTP, as checked once the stream failed: live
   * updates are missing, not the server (it drops WebSockets, or something on the way does not pass them).
   */
  readonly streamAlone: boolean;
  /** How many times the stream was lost: what it delivered before the last loss may be out of date. */
  readonly losses: number;
  /** How many times the stream came back: a subscription that failed while it was away can try again. */
  readonly restores: number;
}

let state: ConnectionState = { streamUp: true, httpUp: true, streamAlone: false, losses: 0, restores: 0 };
const listeners = new Set<() => void>();

function change(next: ConnectionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function connectionState(): ConnectionState {
  return state;
}

/** The stream lost its connection, or could not open one. */
export function streamLost(): void {
  if (state.streamUp) change({ ...state, streamUp: false, streamAlone: false, losses: state.losses + 1 });
}

/** The stream is connected and subscribed again. */
export function streamRestored(): void {
  if (!state.streamUp) change({ ...state, streamUp: true, streamAlone: false, restores: state.restores + 1 });
}

/** An HTTP request ended: `reached`, the server answered; else the request never got an answer. */
export function httpReached(reached: boolean): void {
  if (state.httpUp !== reached) change({ ...state, httpUp: reached, streamAlone: false });
}

/** The server answered a check made after the stream failed, and the stream is still down. */
export function streamAloneDown(): void {
  if (!state.streamUp && state.httpUp && !state.streamAlone) change({ ...state, streamAlone: true });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The connection's state, re-rendering the component whenever it changes. */
export function useConnection(): ConnectionState {
  return useSyncExternalStore(subscribe, connectionState);
}
