import { isAuthorizeRefusal } from './authorize-refusal.js';
import { TxcStreamError, type StreamChannel, type UpdateOf } from './stream-types.js';
import type { StreamOrderMethod, StreamOrderMethods } from './stream-order-types.js';

/** What TxcStream needs of a WebSocket: the browser's, or `ws`'s WebSocket in Node 20. */
export interface StreamSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type StreamSocketConstructor = new (url: string) => StreamSocket;

/**
 * Any WebSocket class whose instances have the browser's shape (the DOM's own, `ws`'s): their event
 * types differ in detail, so the option takes any constructor and uses what StreamSocket names.
 */
export type AnyWebSocketConstructor = new (url: string) => object;

/** Where tokens come from: a TxcClient with a key (its `websocketToken()`). */
export interface TokenSource {
  websocketToken(): Promise<{ websocket_token: string }>;
}

// `| undefined` on each optional field: options built from config pass through under exactOptionalPropertyTypes
export interface TxcStreamOptions {
  /** e.g. `ws://127.0.0.1:8080/ws`. */
  readonly url: string;
  /** The WebSocket class; the global one by default (Node 20 has none: pass `ws`'s). */
  readonly WebSocket?: AnyWebSocketConstructor | undefined;
  /** Needed for `authorize()`. */
  readonly tokens?: TokenSource | undefined;
  /**
   * Reconnect after an unexpected close (default true), backing off 1 s, 2 s, 4 s… up to 30 s; the
   * backoff starts again from 1 s once a connection has stayed up for 5 s after it was restored
   * (authorized and subscribed again). Without it, a `connect()` after a loss restores the stream.
   */
  readonly reconnect?: boolean | undefined;
  /** Ping this often to keep the connection (the server closes it after 60 s of silence); 30 s by default. */
  readonly pingIntervalMs?: number | undefined;
  /** A ping not answered within this is a dead link: the socket is dropped and reconnected (10 s by default). */
  readonly pongTimeoutMs?: number | undefined;
  /** A socket not open this long after it was made is given up: `connect()` rejects, a reconnect tries again (10 s by default). */
  readonly connectTimeoutMs?: number | undefined;
  /**
   * Told what goes wrong in the background, where no promise can reject: after a reconnect, an
   * authorize that failed (no token could be fetched: that reconnect counts as failed, see
   * `onReconnect`; or the key refused: the stream ends, see `onDisconnect`) or a resubscribe the
   * server refused (the other subscriptions are restored all the same); a subscription sent again
   * after an unsubscribe, refused; the server closing the connection with a code of its own (4003
   * the key revoked, 4004 the venue reset…); an update callback that threw. What a `connect()` of
   * the app's restores and fails to rejects that `connect()` instead.
   */
  readonly onError?: ((error: Error) => void) | undefined;
  /**
   * Told when the stream loses its connection (not after `close()`): the close code and reason, 1006
   * when the link died without one. Updates stop until the stream is back. A connection lost again
   * before the stream was restored is not told again: each `onDisconnect` is followed by one
   * `onReconnect`, unless the stream ends first. A stream whose key can no longer authorize ends
   * there, as `close()` ends it: no token of that key would authorize again, so it does not
   * reconnect, and it forgets its subscriptions, listeners and authorization (a later `connect()`
   * starts afresh, as a new TxcStream would). That is a close for the key revoked (4003), or, while
   * an authorized stream restores a lost connection, a refusal to authorize it again: the token
   * endpoint answering 401 or 403 (the key deleted or disabled while the stream was away, when no
   * 4003 could reach it), or the server refusing a token just fetched. Either is told here with code
   * 4003, even when the loss before it was told already: it is the last the stream tells.
   */
  readonly onDisconnect?: ((closed: { readonly code: number; readonly reason: string }) => void) | undefined;
  /**
   * Told once a reconnect has authorized and subscribed again. A stream that was authorized and
   * cannot authorize again for the moment (no answer from the token endpoint, a 429 or a 5xx there,
   * the connection lost again) subscribes to nothing on that connection: it closes it, tells
   * `onError`, and reconnects with the backoff until it authorizes, so `onReconnect` is never told of
   * a stream whose account channels are not back (a refusal ends the stream: see `onDisconnect`).
   * What happened while the stream was away is not replayed: channels without a snapshot
   * (`balanceSpot`, `ordersPending`…) are the moment to read the state again through REST.
   */
  readonly onReconnect?: (() => void) | undefined;
}

interface Pending {
  readonly method: string;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
  /** Called as the success answer is read, before any frame after it: a subscription takes its updates from there. */
  readonly onAccepted?: (() => void) | undefined;
}

type Listener = (params: unknown) => void;

/** One accepted `subscribe`: the params it sent and the callback of its updates. */
interface Handle {
  readonly channel: string;
  readonly params: readonly unknown[];
  readonly onUpdate: Listener;
}

const OPEN = 1;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** A connection up this long after its restore resets the backoff. */
const STABLE_MS = 5000;
/** Websocket spec §2: no pong 10 s after a ping is a dead link. */
const PONG_TIMEOUT_MS = 10_000;
/** A handshake unanswered this long is a dead server or path: given up, and retried when reconnecting. */
const CONNECT_TIMEOUT_MS = 10_000;
/** Close codes that are no one's fault: a normal close, the server going away, a link lost, a restart. */
const ORDINARY_CLOSES = new Set([1000, 1001, 1005, 1006, 1012]);
/**
 * The server's close for the key the stream authorized with revoked: reconnecting could not help.
 * The stream tells a refusal to authorize again after a reconnect with it too.
 */
const KEY_REVOKED = 4003;
/** The code a connection lost without a close frame reports (RFC 6455 §7.1.5). */
const ABNORMAL_CLOSE = 1006;
/** A token authorizes sockets for 15 minutes: reuse it for 14, then fetch another. */
const TOKEN_REUSE_MS = 14 * 60_000;
/** Where a channel's single subscription is kept (channels whose subscribe replaces the previous one). */
const WHOLE = '';

/**
 * How the server keeps a channel's subscriptions (decisions.md "WebSocket resubscribe rule"):
 * `candles` one per market, `depth` one per market (`multi_depth` false drops the others first), every
 * other channel one in all, which a new subscribe replaces.
 */
function keyOf(channel: string, params: readonly unknown[]): string {
  return channel === 'candles' || channel === 'depth' ? String(params[0]) : WHOLE;
}

/** Channels whose subscribe is a list of markets (`[]` all of them) and whose every update names one. */
const MARKET_LISTS = new Set(['trades', 'lastprice', 'market', 'marketToday', 'bookTicker']);

/** The market a market-list channel's update is about. */
function marketOfUpdate(channel: string, params: unknown): unknown {
  if (!Array.isArray(params)) return undefined;
  return channel === 'bookTicker' ? (params[0] as unknown[] | undefined)?.[2] : params[0];
}

/**
 * A client of the WebSocket API: requests matched to answers by id, typed channel updates, and a
 * connection that comes back by itself: after a drop (or a ping left unanswered) it reconnects with
 * backoff, authorizes again (with the same token while it is valid) and subscribes again to exactly
 * what the server had for it (the server keeps nothing per client). A connection it cannot authorize
 * again for the moment counts as a failed attempt: dropped, and tried again with the backoff; a key
 * refused ends the stream (see `onDisconnect`).
 *
 * The client keeps its subscriptions as the server does: a `candles` subscription per market, a
 * `depth` one per market (`multi_depth` true adds, false drops the others), and for every other
 * channel one subscription, which the next subscribe replaces. A `subscribe` handle receives updates
 * only while its subscription is the one in effect: `depth` and `candles` those of its market until
 * another subscribe replaces (or `multi_depth` false drops) that market's; any other channel's until
 * the channel's next subscribe, and of a market-list channel (`trades`, `lastprice`, `market`,
 * `marketToday`, `bookTicker`) only the markets it named. So each update goes to one handle at most
 * (`on()` listeners hear them all). A subscribe equal to an earlier one (same channel and params)
 * takes the earlier handle's place: that handle receives nothing more and its `unsubscribe()` does
 * nothing. Unsubscribing a handle takes away only what it added: the subscription it had replaced
 * comes back (sent again, its handle hearing from that subscribe's answer on; refused, that market's
 * or channel's subscription is dropped and the refusal told to `onError`) and, if another replaced
 * it, that one stays.
 *
 * `subscribe`, `unsubscribe` and the restore after a reconnect run one at a time ({@link inTurn}): each
 * sends its frames only once the previous one's answers are read, so what the client keeps is always
 * what the server holds.
 */
export class TxcStream {
  private socket: StreamSocket | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Accepted subscriptions still wanted, by channel, in the order the server accepted them. */
  private readonly handles = new Map<string, Handle[]>();
  /**
   * Handles subscribed again because the one that had replaced them was unsubscribed, until the
   * server answers: the updates before that answer are still the replaced subscription's.
   */
  private readonly returning = new Set<Handle>();
  private authorized = false;
  /** The end of the queue of subscribe/unsubscribe/restore operations (see {@link inTurn}); never rejects. */
  private turn: Promise<unknown> = Promise.resolve();
  /** The open() under way, which a connect() while connecting waits for. */
  private opening: Promise<void> | undefined;
  private token: { readonly value: string; readonly fetchedAt: number } | undefined;
  private closedByUser = false;
  /** A lost connection was told to `onDisconnect`, and no restore has completed since. */
  private down = false;
  private attempt = 0;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private stableTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Gives up the socket being opened (see `connectTimeoutMs`). */
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly Socket: StreamSocketConstructor;

  constructor(private readonly options: TxcStreamOptions) {
    const global = (globalThis as { WebSocket?: StreamSocketConstructor }).WebSocket;
    const Socket = (options.WebSocket as StreamSocketConstructor | undefined) ?? global;
    if (Socket === undefined) throw new Error('TxcStream: no global WebSocket; pass options.WebSocket');
    this.Socket = Socket;
  }

  /**
   * Opens the connection, and on a stream that lost one restores it (authorizes and subscribes again):
   * resolves once that is done. On a stream already open it does nothing (resolves); while a
   * connection is opening it waits for that one; while a reconnect waits out its backoff it
   * reconnects at once. It rejects when the connection does not open, when it is lost again before
   * the restore is done, or when the stream cannot authorize again (with what refused it; a key
   * refused ends the stream, see `onDisconnect`). A connect that fails to open leaves nothing
   * running, except a reconnect it cut short, which goes on.
   */
  async connect(): Promise<void> {
    this.closedByUser = false;
    if (this.socket?.readyState === OPEN) return;
    if (this.opening !== undefined) return this.opening;
    // a reconnect cut short: if this attempt fails too, the stream goes on reconnecting
    const reconnecting = this.reconnectTimer !== undefined;
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    await this.open(!reconnecting);
    // nothing to restore on a fresh stream; a lost one (a reconnect cut short, or reconnect: false)
    // restores here, and the app hears how that went rather than onError
    await this.resume(this.socket as StreamSocket, reconnecting, false);
  }

  /** Sends a request; resolves with its result, rejects with TxcStreamError on an error answer. */
  request<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    return this.send<T>(method, params);
  }

  /**
   * An order method (websocket spec §9.2) on an authorized stream: resolves with its answer once the
   * command is durable, rejects with TxcStreamError carrying the order error's code. It is not sent
   * again after a reconnect: an order whose answer was lost may have been placed.
   */
  order<M extends StreamOrderMethod>(
    method: M,
    params: StreamOrderMethods[M]['params'],
  ): Promise<StreamOrderMethods[M]['result']> {
    return this.send(method, [params]);
  }

  /**
   * Authorizes the connection (and again after each reconnect), with the token it last fetched while
   * that is valid, else (or when the server refuses it) with a fresh one.
   */
  async authorize(): Promise<void> {
    await this.authorizeSocket();
    this.authorized = true;
  }

  /**
   * Subscribes to a channel and calls `onUpdate` with the params of each of its `<channel>_update`
   * frames (see the class comment for which). Resolves once the server accepted; a refused subscribe
   * rejects and leaves nothing attached. `unsubscribe()` takes away only what this subscribe added.
   */
  async subscribe<C extends StreamChannel>(
    channel: C,
    params: unknown[],
    onUpdate: (update: UpdateOf<C>) => void,
  ): Promise<{ unsubscribe(): Promise<void> }> {
    const handle: Handle = { channel, params: [...params], onUpdate: onUpdate as Listener };
    await this.inTurn(() =>
      this.send(`${channel}_subscribe`, [...params], () => {
        // an earlier handle subscribed exactly so is replaced by this one for good
        const same = JSON.stringify(handle.params);
        const list = (this.handles.get(channel) ?? []).filter((h) => JSON.stringify(h.params) !== same);
        list.push(handle);
        this.handles.set(channel, list);
      }),
    );
    return { unsubscribe: () => this.inTurn(() => this.unsubscribe(handle)) };
  }

  /** Calls `listener` with the params of every `<channel>_update`, whatever subscribed to it. */
  on<C extends StreamChannel>(channel: C, listener: (update: UpdateOf<C>) => void): void {
    let set = this.listeners.get(channel);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener as Listener);
  }

  /** Removes a listener `on()` added. */
  off<C extends StreamChannel>(channel: C, listener: (update: UpdateOf<C>) => void): void {
    this.listeners.get(channel)?.delete(listener as Listener);
  }

  /**
   * Closes for good: no reconnect, and the stream forgets its subscriptions, `on()` listeners, token
   * and authorization (requests still unanswered reject). A later `connect()` starts afresh, as a new
   * TxcStream would.
   */
  close(): void {
    this.closedByUser = true;
    const socket = this.socket;
    if (socket !== undefined) this.onClose(socket);
    this.forget();
    socket?.close(1000);
  }

  /** Ends the stream as `close()` says: no reconnect, nothing held, the socket (already left) dropped. */
  private forget(): void {
    this.closedByUser = true;
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    // nothing of this stream keeps the process alive once it is closed
    if (this.connectTimer !== undefined) clearTimeout(this.connectTimer);
    this.connectTimer = undefined;
    this.socket = undefined;
    this.opening = undefined;
    this.handles.clear();
    this.returning.clear();
    this.listeners.clear();
    this.token = undefined;
    this.authorized = false;
    this.down = false;
    this.attempt = 0;
  }

  /**
   * Runs `op` once every operation queued before it has finished (answered, refused or failed):
   * subscribe, unsubscribe and restore go through here, so each one computes and sends what it
   * changes on the server only after the previous one's answers were read.
   */
  private inTurn<T>(op: () => Promise<T>): Promise<T> {
    const result = this.turn.then(op);
    this.turn = result.catch(() => undefined);
    return result;
  }

  private open(byUser: boolean): Promise<void> {
    const opening = new Promise<void>((resolve, reject) => {
      // a socket still closing is left now: what was sent on it gets no answer here
      if (this.socket !== undefined) this.leave();
      const socket = new this.Socket(this.options.url);
      this.socket = socket;
      let opened = false;
      let settled = false;
      const fail = (e: unknown): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (this.connectTimer === timer) this.connectTimer = undefined;
        reject(this.connectError(e));
      };
      const timeoutMs = this.options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
      // a server that takes the connection and never answers would keep it opening for ever
      const timer = setTimeout(() => {
        fail(new Error(`TxcStream: ${this.options.url} did not answer within ${timeoutMs} ms`));
        this.abandon(socket);
        this.onClose(socket, byUser);
      }, timeoutMs);
      this.connectTimer = timer;
      socket.onopen = () => {
        if (socket !== this.socket) return;
        opened = true;
        settled = true;
        clearTimeout(timer);
        if (this.connectTimer === timer) this.connectTimer = undefined;
        this.startTimers(socket);
        resolve();
      };
      socket.onerror = (e) => fail(e);
      socket.onmessage = (event) => {
        // a socket the stream has left (closed, replaced) feeds it nothing more
        if (socket === this.socket) this.onMessage(typeof event.data === 'string' ? event.data : String(event.data));
      };
      socket.onclose = (event) => {
        fail(new Error(`TxcStream: ${this.options.url} closed the connection before it opened (${describe(event)})`));
        // a connect() that failed leaves nothing behind; a reconnect that failed tries again
        this.onClose(socket, !opened && byUser, opened ? event : undefined);
      };
    });
    this.opening = opening;
    const done = (): void => {
      if (this.opening === opening) this.opening = undefined;
    };
    opening.then(done, done);
    return opening;
  }

  /** Why a socket did not open, as an error naming the URL and what the socket said. */
  private connectError(e: unknown): Error {
    if (e instanceof Error) return e;
    const said = (e as { message?: unknown } | null)?.message;
    const detail = typeof said === 'string' && said !== '' ? `: ${said}` : '';
    return new Error(`TxcStream: cannot connect to ${this.options.url}${detail}`);
  }

  /** Sends on `socket` (the current one by default); rejects at once if it is not the current, open one. */
  private send<T>(method: string, params: unknown[], onAccepted?: () => void, socket = this.socket): Promise<T> {
    if (socket === undefined || socket !== this.socket || socket.readyState !== OPEN) {
      return Promise.reject(new Error(`TxcStream: not connected (${method})`));
    }
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { method, resolve: resolve as (r: unknown) => void, reject, onAccepted });
      socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Authorizes `socket` (the current one by default); a send once it is no longer current rejects. */
  private async authorizeSocket(socket = this.socket): Promise<void> {
    const tokens = this.options.tokens;
    if (tokens === undefined) throw new Error('TxcStream: authorize needs options.tokens (a TxcClient with a key)');
    // no token is fetched (a rate-limited request) for a socket that could not use it
    if (socket === undefined || socket !== this.socket || socket.readyState !== OPEN) {
      throw new Error('TxcStream: not connected (authorize)');
    }
    const cached = this.token;
    if (cached !== undefined && Date.now() - cached.fetchedAt < TOKEN_REUSE_MS) {
      try {
        await this.send('authorize', [cached.value, 'public'], undefined, socket);
        return;
      } catch (e) {
        if (!(e instanceof TxcStreamError)) throw e;
        // refused (expired, revoked…): a fresh token may do
      }
    }
    this.token = undefined;
    const fetchedAt = Date.now();
    const { websocket_token: value } = await tokens.websocketToken();
    this.token = { value, fetchedAt };
    try {
      await this.send('authorize', [value, 'public'], undefined, socket);
    } catch (e) {
      if (e instanceof TxcStreamError) this.token = undefined;
      throw e;
    }
  }

  /** The subscriptions the server holds for `channel`, by key, in an order that sends them again as they are. */
  private inEffect(channel: string): Map<string, Handle> {
    const held = new Map<string, Handle>();
    for (const handle of this.handles.get(channel) ?? []) {
      const key = keyOf(channel, handle.params);
      if (channel === 'depth' && handle.params[3] !== true) held.clear();
      held.delete(key);
      held.set(key, handle);
    }
    return held;
  }

  /** Takes away what `handle` added (run in turn: the handles are what the server holds). */
  private async unsubscribe(handle: Handle): Promise<void> {
    const { channel } = handle;
    const list = this.handles.get(channel);
    const at = list?.indexOf(handle) ?? -1;
    if (list === undefined || at < 0) return;
    const before = this.inEffect(channel);
    list.splice(at, 1);
    if (list.length === 0) this.handles.delete(channel);
    const after = this.inEffect(channel);
    // not connected: the restore sends what is left
    if (this.socket?.readyState !== OPEN) return;
    const requests: Promise<unknown>[] = [];
    for (const key of before.keys()) {
      if (after.has(key)) continue;
      // `[]` where the channel has a single subscription, else that market's
      requests.push(this.send(`${channel}_unsubscribe`, key === WHOLE ? [] : [key]));
    }
    for (const [key, kept] of after) {
      // what this handle had replaced comes back (a subscribe replaces the key's subscription)
      if (before.get(key) === kept) continue;
      this.returning.add(kept);
      const back = (): void => void this.returning.delete(kept);
      requests.push(
        this.send(`${channel}_subscribe`, this.resendParams(kept), back)
          .catch((e: unknown) => {
            // a lost connection is not a refusal: the restore subscribes again to what the handles hold
            if (!(e instanceof TxcStreamError)) throw e;
            return this.giveUp(channel, key, e);
          })
          .finally(back),
      );
    }
    await Promise.all(requests);
  }

  /**
   * A subscription sent again was refused: the server still holds the one it was to replace, whose
   * updates no handle wants. That key's subscription is dropped on both sides and the refusal told
   * to `onError` (the handles that waited for it hear nothing more).
   */
  private async giveUp(channel: string, key: string, refusal: TxcStreamError): Promise<void> {
    const rest = (this.handles.get(channel) ?? []).filter((h) => keyOf(channel, h.params) !== key);
    if (rest.length === 0) this.handles.delete(channel);
    else this.handles.set(channel, rest);
    this.report(refusal);
    try {
      await this.send(`${channel}_unsubscribe`, key === WHOLE ? [] : [key]);
    } catch (e) {
      this.report(e);
    }
  }

  /** A subscription's params to send again; `depth` with `multi_depth` true, which drops no other market. */
  private resendParams(handle: Handle): unknown[] {
    if (handle.channel !== 'depth') return [...handle.params];
    const params = [...handle.params];
    if (params.length === 2) params.push('0'); // the default price_interval
    if (params.length >= 3) params[3] = true;
    return params;
  }

  private onMessage(text: string): void {
    let frame: { id?: unknown; method?: unknown; params?: unknown; result?: unknown; error?: unknown };
    try {
      frame = JSON.parse(text) as typeof frame;
    } catch {
      return;
    }
    if (typeof frame.id === 'number' && frame.method === undefined) {
      const pending = this.pending.get(frame.id);
      if (pending === undefined) return;
      this.pending.delete(frame.id);
      const error = frame.error as { code: number; message: string } | null | undefined;
      if (error !== null && error !== undefined)
        pending.reject(new TxcStreamError(error.code, error.message, pending.method));
      else {
        pending.onAccepted?.();
        pending.resolve(frame.result);
      }
      return;
    }
    if (typeof frame.method === 'string' && frame.method.endsWith('_update')) {
      const channel = frame.method.slice(0, -'_update'.length);
      for (const listener of this.listeners.get(channel) ?? []) this.deliver(listener, frame.params);
      this.route(channel, frame.params);
    }
  }

  /** Hands an update to the subscriptions it belongs to. */
  private route(channel: string, params: unknown): void {
    if (channel === 'candles') {
      if (!Array.isArray(params)) return;
      const held = this.inEffect(channel);
      const byMarket = new Map<unknown, unknown[]>();
      for (const candle of params) {
        const market = (candle as unknown[] | undefined)?.[7];
        const candles = byMarket.get(market);
        if (candles === undefined) byMarket.set(market, [candle]);
        else candles.push(candle);
      }
      for (const [market, candles] of byMarket) this.toHandle(this.live(held.get(String(market))), candles);
      return;
    }
    if (channel === 'depth') {
      const market: unknown = Array.isArray(params) ? (params as unknown[])[2] : undefined;
      this.toHandle(this.live(this.inEffect(channel).get(String(market))), params);
      return;
    }
    if (MARKET_LISTS.has(channel)) {
      // only the handle in effect, and only for the markets it named (`[]`: all)
      const market = marketOfUpdate(channel, params);
      const handle = this.live(this.inEffect(channel).get(WHOLE));
      if (handle !== undefined && (handle.params.length === 0 || handle.params.includes(market)))
        this.toHandle(handle, params);
      return;
    }
    this.toHandle(this.live(this.inEffect(channel).get(WHOLE)), params);
  }

  private toHandle(handle: Handle | undefined, params: unknown): void {
    if (handle !== undefined) this.deliver(handle.onUpdate, params);
  }

  /**
   * Calls an update callback: what it throws goes to `onError`, not up through the socket's event
   * handler (where it would end the process, or stop the socket's reading), and the others still hear.
   */
  private deliver(callback: Listener, params: unknown): void {
    try {
      callback(params);
    } catch (e) {
      this.report(e);
    }
  }

  /** The handle, unless its subscription is on its way back (see {@link returning}). */
  private live(handle: Handle | undefined): Handle | undefined {
    return handle === undefined || this.returning.has(handle) ? undefined : handle;
  }

  /** Stops using the current socket: its timers stop and the requests sent on it are refused. */
  private leave(): void {
    this.stopTimers();
    for (const p of this.pending.values()) p.reject(new Error(`TxcStream: connection closed (${p.method})`));
    this.pending.clear();
  }

  /**
   * The current socket is gone: what was sent on it is refused, and unless the stream is closing or
   * told not to, it reconnects. `lost`: how an open connection ended, told to the app.
   */
  private onClose(socket: StreamSocket, quietly = false, lost?: { code: number; reason: string }): void {
    if (socket !== this.socket) return;
    this.leave();
    if (lost?.code === KEY_REVOKED) {
      this.end(lost);
      return;
    }
    if (lost !== undefined && !this.closedByUser) this.tellLost(lost);
    if (quietly || this.closedByUser || this.options.reconnect === false || this.reconnectTimer !== undefined) return;
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.attempt++);
    // jitter: many clients dropped at once do not all come back in the same instant
    this.reconnectTimer = setTimeout(
      () => {
        this.reconnectTimer = undefined;
        void this.restore();
      },
      delay * (0.5 + Math.random() / 2),
    );
  }

  /**
   * Ends the stream (its socket already left) for a key that cannot authorize again: the server's
   * 4003, or `refusal`, an authorize refused while restoring (told to `onError` when `report`). What
   * the stream held was that key's: forgotten before the app hears of it, so that a connect() from
   * its handler starts afresh and is not undone; and told even after the loss before it was, as the
   * last thing the stream tells.
   */
  private end(closed: { code: number; reason: string }, refusal?: Error, report = true): void {
    const tell = !this.closedByUser;
    this.forget();
    if (tell) {
      if (refusal !== undefined && report) this.report(refusal);
      this.tellLost(closed, refusal === undefined);
    }
    this.down = false;
  }

  /**
   * Tells the app a connection was lost; a close code of the server's own is an error too (`byServer`:
   * the code is the server's close, not one the stream gave a loss it found itself).
   */
  private tellLost(lost: { code: number; reason: string }, byServer = true): void {
    if (byServer && !ORDINARY_CLOSES.has(lost.code)) {
      this.report(new Error(`TxcStream: the server closed the connection (${describe(lost)})`));
    }
    if (this.down) return;
    this.down = true;
    try {
      this.options.onDisconnect?.({ code: lost.code, reason: lost.reason });
    } catch (e) {
      this.report(e);
    }
  }

  /** Stops listening to a socket the stream gives up on, and ends it without a close handshake. */
  private abandon(socket: StreamSocket): void {
    socket.onclose = null;
    socket.onmessage = null;
    socket.onopen = null;
    // `ws` throws an 'error' event nobody listens to: this one is heard and ignored
    socket.onerror = () => undefined;
    const terminate = (socket as { terminate?: () => void }).terminate;
    if (typeof terminate === 'function') terminate.call(socket);
    else socket.close(4000, 'given up');
  }

  /** Reconnects and restores (see {@link resume}); a lost connection tries again. */
  private async restore(): Promise<void> {
    if (this.closedByUser) return;
    try {
      await this.open(false);
    } catch {
      return; // its close scheduled the next attempt
    }
    // what failed was told to onError (or is a connection lost again, whose close is handled)
    await this.resume(this.socket as StreamSocket, true, true).catch(() => undefined);
  }

  /**
   * On the newly opened `socket`: authorizes if the stream was, and subscribes again to what the
   * server held, in turn with subscribe/unsubscribe (it reads the handles when its turn comes). It
   * stops as soon as `socket` is no longer the current one (checked before every send): the restore
   * of the socket that replaced it does the work. An authorize that fails gives the socket up, or
   * ends the stream (see {@link resubscribe}); a refused resubscribe is told to `onError` and the rest
   * goes on; a reconnect's restore, once done, is told to `onReconnect`, and from then on the socket
   * staying up resets the backoff. Rejects when it did not get that far: with the authorize's failure
   * (told to `onError` as well when `background`), or for the connection lost again.
   */
  private resume(socket: StreamSocket, reconnected: boolean, background: boolean): Promise<void> {
    const superseded = (): boolean => this.socket !== socket || socket.readyState !== OPEN;
    return this.inTurn(async () => {
      await this.resubscribe(socket, superseded, background);
      if (superseded()) throw new Error('TxcStream: connection closed before it was restored');
      this.startStableTimer();
      // a stream told lost is told back, reconnected by itself or by a connect() (reconnect: false)
      const wasDown = this.down;
      this.down = false;
      if (!reconnected && !wasDown) return;
      try {
        this.options.onReconnect?.();
      } catch (e) {
        this.report(e);
      }
    });
  }

  /**
   * Authorizes `socket` again if the stream was, and subscribes again to what the handles hold,
   * stopping once the socket went away (`superseded`). An authorize that fails for the moment makes this
   * a failed connection attempt: the account channels would be refused, and nothing would try again
   * before the next drop, so the socket is given up and the stream reconnects with the backoff, to
   * authorize there. An authorize refused ends the stream, as the server's 4003 does (see
   * {@link isAuthorizeRefusal}). Either throws what failed, told to `onError` first when `background`.
   */
  private async resubscribe(socket: StreamSocket, superseded: () => boolean, background: boolean): Promise<void> {
    if (this.authorized && !superseded()) {
      try {
        await this.authorizeSocket(socket);
      } catch (e) {
        if (superseded()) return;
        const failure = e instanceof Error ? e : new Error(String(e));
        this.abandon(socket);
        if (isAuthorizeRefusal(failure)) {
          this.leave();
          this.end({ code: KEY_REVOKED, reason: `authorize refused: ${failure.message}` }, failure, background);
        } else {
          if (background) this.report(failure);
          // the loss was told as it happened: this attempt failing is not another one
          this.onClose(socket);
        }
        throw failure;
      }
    }
    for (const channel of [...this.handles.keys()]) {
      for (const handle of this.inEffect(channel).values()) {
        if (superseded()) return;
        try {
          await this.send(`${channel}_subscribe`, [...handle.params], undefined, socket);
        } catch (e) {
          if (superseded()) return;
          this.report(e);
        }
      }
    }
  }

  private report(e: unknown): void {
    const error = e instanceof Error ? e : new Error(String(e));
    try {
      this.options.onError?.(error);
    } catch {
      // a throwing handler does not stop the restore
    }
  }

  /**
   * A restored connection that stays up resets the backoff. Not from the socket's opening: a restore
   * whose authorize fails more than that later (a token endpoint slow to fail) would start every
   * next attempt at the first delay, and never back off.
   */
  private startStableTimer(): void {
    if (this.stableTimer !== undefined) clearTimeout(this.stableTimer);
    this.stableTimer = setTimeout(() => {
      this.stableTimer = undefined;
      this.attempt = 0;
    }, STABLE_MS);
  }

  private startTimers(socket: StreamSocket): void {
    this.stopTimers();
    const every = this.options.pingIntervalMs ?? 30_000;
    const timeout = this.options.pongTimeoutMs ?? PONG_TIMEOUT_MS;
    this.pinger = setInterval(() => {
      this.pongTimer ??= setTimeout(() => this.dropDeadLink(socket), timeout);
      this.send('ping', []).then(
        () => {
          if (this.pongTimer !== undefined) clearTimeout(this.pongTimer);
          this.pongTimer = undefined;
        },
        () => undefined,
      );
    }, every);
  }

  private stopTimers(): void {
    if (this.pinger !== undefined) clearInterval(this.pinger);
    if (this.pongTimer !== undefined) clearTimeout(this.pongTimer);
    if (this.stableTimer !== undefined) clearTimeout(this.stableTimer);
    this.pinger = undefined;
    this.pongTimer = undefined;
    this.stableTimer = undefined;
  }

  /** No pong in time: the link is dead. Drop the socket without waiting for a close handshake, and reconnect. */
  private dropDeadLink(socket: StreamSocket): void {
    this.pongTimer = undefined;
    if (socket !== this.socket) return;
    this.abandon(socket);
    this.onClose(socket, false, { code: ABNORMAL_CLOSE, reason: 'no pong' });
  }
}

/** A close as a message says it: `4003 API key revoked`. */
function describe(closed: { code: number; reason: string }): string {
  return closed.reason === '' ? String(closed.code) : `${closed.code} ${closed.reason}`;
}
