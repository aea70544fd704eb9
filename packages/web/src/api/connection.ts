import { TxcClient, TxcStream } from '@txc/sdk';
import { Backoff } from './backoff.js';
import { connectionState, httpReached, streamAloneDown, streamLost, streamRestored } from './connection-state.js';
import { NoAnswer } from './no-answer.js';

/** The dashboard is served by the txc it talks to: same origin for REST, `/ws` for the streams. */
export const BASE_URL = window.location.origin;

/** How long the check of a failed stream waits for the server (the stream's own connect timeout). */
const CHECK_TIMEOUT_MS = 10_000;
/**
 * How long any other request waits for its answer. A network that drops packets silently leaves a
 * request open for minutes; past this the page says the server cannot be reached, as it does for a
 * refused connection. Longer than a commit ever takes on a server that answers.
 */
export const REQUEST_TIMEOUT_MS = 15_000;
/** How long the stream stays down, with the server answering, before the page says live updates are missing. */
const STREAM_ALONE_AFTER_MS = 3000;

const serverBack = new Set<() => void>();
const streamBack = new Set<() => void>();

/**
 * Calls `listener` each time the server answers again after a request that got no answer, so that
 * what was left waiting (a read, a stream's backoff) need not wait longer. Returns what stops it.
 */
export function onServerBack(listener: () => void): () => void {
  serverBack.add(listener);
  return () => void serverBack.delete(listener);
}

/**
 * Calls `listener` each time the public stream connects after it was lost or could not open: sockets
 * get through again, so another stream that could not open need not wait out its backoff.
 */
export function onStreamRestored(listener: () => void): () => void {
  streamBack.add(listener);
  return () => void streamBack.delete(listener);
}

/** Statuses whose answer has no body: a Response made with one throws. */
const NO_BODY = new Set([204, 205, 304]);

/**
 * `fetch`, telling the connection state whether the server was reached: a request without a whole
 * answer (the server down, the network gone, or nothing back within `timeoutMs`, body included) is
 * a lost connection, rejected as {@link NoAnswer}; an answer of any status is not. The answer comes
 * back read: a body that stalls after its head would otherwise surface later, past this timer, as
 * the SDK's TxcNetworkError, with the connection still called up.
 */
export async function serverFetch(
  input: RequestInfo | URL,
  init?: RequestInit,
  timeoutMs: number = REQUEST_TIMEOUT_MS,
): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException('no answer in time', 'TimeoutError')), timeoutMs);
  // the caller's signal (every SDK call has one) gives the request up too; forwarded by hand, as
  // AbortSignal.any is missing from browsers still in use (Safari before 17.4, Firefox before 124)
  const caller = init?.signal ?? undefined;
  const forward = (): void => timeout.abort(caller?.reason);
  if (caller?.aborted === true) forward();
  else caller?.addEventListener('abort', forward, { once: true });
  let response: Response;
  try {
    const answer = await fetch(input, { ...init, signal: timeout.signal });
    const body = await answer.arrayBuffer();
    response = new Response(NO_BODY.has(answer.status) ? null : body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
  } catch (e) {
    httpReached(false);
    throw new NoAnswer(e);
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', forward);
  }
  const wasDown = !connectionState().httpUp;
  httpReached(true);
  if (wasDown) {
    // the server answers again: the stream need not wait out the rest of its backoff to find out
    reconnectNow();
    for (const listener of serverBack) listener();
  }
  return response;
}

export const publicClient = new TxcClient({ baseUrl: BASE_URL, fetch: serverFetch });

export function streamUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/ws`;
}

let stream: TxcStream | undefined;
let opened: Promise<TxcStream> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const retries = new Backoff();

/**
 * One public stream connection for the whole page; it reconnects and resubscribes by itself, and
 * tells the connection state when it is lost and when it is back.
 */
export function publicStream(): Promise<TxcStream> {
  stream ??= new TxcStream({
    url: streamUrl(),
    pingIntervalMs: 30_000,
    onDisconnect: streamFailed,
    onReconnect: restored,
  });
  if (opened === undefined) {
    // a view that wants the stream while a retry waits tries at once, in place of that retry: two
    // retries waiting would each go on trying, backing off, until one connected
    clearTimeout(retryTimer);
    retryTimer = undefined;
    opened = open(stream);
  }
  return opened;
}

function restored(): void {
  const wasDown = !connectionState().streamUp;
  streamRestored();
  if (wasDown) for (const listener of streamBack) listener();
  // the stream came back by itself: HTTP, which last went unanswered, likely answers too
  if (!connectionState().httpUp) checkServer();
}

function streamFailed(): void {
  streamLost();
  checkServer();
}

let checking = false;

/**
 * After the stream failed: asks the server over HTTP whether it answers, so that the page can tell
 * a server out of reach from live updates missing alone (while HTTP requests go through, a proxy that
 * does not pass WebSockets, say). Without this, either would show as the other until a panel polled.
 */
function checkServer(): void {
  if (checking || connectionState().streamAlone) return;
  checking = true;
  // an answer that is the first after an outage has the stream tried again at once: only that
  // attempt's failure would say the stream is missing alone
  const wasUp = connectionState().httpUp;
  serverFetch(`${BASE_URL}/api/v4/public/ping`, { cache: 'no-store', signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) })
    .then(
      // not at once: a socket closed by the server (a restart, a reset) is back within a second or two,
      // and a proxy that does not pass sockets is not worth mentioning for that
      () => wasUp && setTimeout(streamAloneDown, STREAM_ALONE_AFTER_MS),
      () => undefined,
    )
    .finally(() => {
      checking = false;
    });
}

function open(s: TxcStream): Promise<TxcStream> {
  const connecting = s.connect().then(() => {
    retries.reset();
    restored();
    return s;
  });
  connecting.catch(() => {
    streamFailed();
    opened = undefined;
    // a stream that never opened does not reconnect by itself: the page tries again, backing off
    clearTimeout(retryTimer);
    retryTimer = setTimeout(retryOpen, retries.next());
  });
  return connecting;
}

function retryOpen(): void {
  retryTimer = undefined;
  publicStream().catch(() => undefined);
}

/** Reconnects a lost stream at once, instead of at its next attempt. */
function reconnectNow(): void {
  if (stream === undefined || connectionState().streamUp) return;
  if (retryTimer !== undefined) {
    clearTimeout(retryTimer);
    retryOpen();
  } else {
    stream.connect().catch(checkServer);
  }
}

/** A signed client for a key; the secret stays in this page and only its signatures leave it. */
export function privateClient(apiKey: string, apiSecret: string): TxcClient {
  // several panels send at once: the nonce window keeps their timestamps unique without ordering them
  return new TxcClient({ baseUrl: BASE_URL, apiKey, apiSecret, nonceWindow: true, fetch: serverFetch });
}
