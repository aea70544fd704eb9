import { TxcStreamError, type StreamChannel, type UpdateOf } from './stream-types.js';

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

export interface TxcStreamOptions {
  /** e.g. `ws://127.0.0.1:8080/ws`. */
  readonly url: string;
  /** The WebSocket class; the global one by default (Node 20 has none: pass `ws`'s). */
  readonly WebSocket?: AnyWebSocketConstructor;
  /** Needed for `authorize()`. */
  readonly tokens?: TokenSource;
  /** Reconnect after an unexpected close (default true), backing off 1 s, 2 s, 4 s… up to 30 s. */
  readonly reconnect?: boolean;
  /** Ping this often to keep the connection (the server closes it after 60 s of silence). */
  readonly pingIntervalMs?: number;
}

interface Pending {
  readonly method: string;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
}

type Listener = (params: unknown) => void;

const OPEN = 1;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

/**
 * A client of the WebSocket API: requests matched to answers by id, typed channel updates, and a
 * connection that comes back by itself: after a drop it reconnects with backoff, authorizes again with
 * a fresh token and subscribes again to everything it followed (the server keeps nothing per client).
 */
export class TxcStream {
  private socket: StreamSocket | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** What to send again after a reconnect, in order: key → [method, params]. */
  private readonly subscriptions = new Map<string, [string, unknown[]]>();
  private authorized = false;
  private closedByUser = false;
  private attempt = 0;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private readonly Socket: StreamSocketConstructor;

  constructor(private readonly options: TxcStreamOptions) {
    const global = (globalThis as { WebSocket?: StreamSocketConstructor }).WebSocket;
    const Socket = (options.WebSocket as StreamSocketConstructor | undefined) ?? global;
    if (Socket === undefined) throw new Error('TxcStream: no global WebSocket; pass options.WebSocket');
    this.Socket = Socket;
  }

  /** Opens the connection (resolves once open). */
  connect(): Promise<void> {
    this.closedByUser = false;
    return new Promise((resolve, reject) => {
      const socket = new this.Socket(this.options.url);
      this.socket = socket;
      socket.onopen = () => {
        this.attempt = 0;
        this.startPinging();
        resolve();
      };
      socket.onerror = (e) => reject(e instanceof Error ? e : new Error('TxcStream: connection failed'));
      socket.onmessage = (event) => this.onMessage(typeof event.data === 'string' ? event.data : String(event.data));
      socket.onclose = () => this.onClose(socket);
    });
  }

  /** Sends a request; resolves with its result, rejects with TxcStreamError on an error answer. */
  request<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const socket = this.socket;
    if (socket === undefined || socket.readyState !== OPEN) {
      return Promise.reject(new Error(`TxcStream: not connected (${method})`));
    }
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { method, resolve: resolve as (r: unknown) => void, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Authorizes the connection with a fresh token (and again after each reconnect). */
  async authorize(): Promise<void> {
    const tokens = this.options.tokens;
    if (tokens === undefined) throw new Error('TxcStream: authorize needs options.tokens (a TxcClient with a key)');
    const { websocket_token: token } = await tokens.websocketToken();
    await this.request('authorize', [token, 'public']);
    this.authorized = true;
  }

  /**
   * Subscribes to a channel and calls `onUpdate` with each `<channel>_update`'s params. A second
   * subscribe to a channel replaces the first, as on the server, except depth, where each market is
   * kept (multi_depth). Resolves once the server accepted.
   */
  async subscribe<C extends StreamChannel>(
    channel: C,
    params: unknown[],
    onUpdate: (update: UpdateOf<C>) => void,
  ): Promise<{ unsubscribe(): Promise<void> }> {
    const method = `${channel}_subscribe`;
    const key = channel === 'depth' ? `depth|${String(params[0])}` : channel;
    this.on(channel, onUpdate);
    await this.request(method, params);
    this.subscriptions.set(key, [method, params]);
    return {
      unsubscribe: async () => {
        this.off(channel, onUpdate as Listener);
        this.subscriptions.delete(key);
        await this.request(`${channel}_unsubscribe`, channel === 'depth' ? [params[0]] : []);
      },
    };
  }

  /** Calls `listener` with the params of every `<channel>_update`. */
  on<C extends StreamChannel>(channel: C, listener: (update: UpdateOf<C>) => void): void {
    let set = this.listeners.get(channel);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener as Listener);
  }

  off(channel: string, listener: Listener): void {
    this.listeners.get(channel)?.delete(listener);
  }

  /** Closes for good: no reconnect. */
  close(): void {
    this.closedByUser = true;
    this.stopPinging();
    this.socket?.close(1000);
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
      else pending.resolve(frame.result);
      return;
    }
    if (typeof frame.method === 'string' && frame.method.endsWith('_update')) {
      const channel = frame.method.slice(0, -'_update'.length);
      for (const listener of this.listeners.get(channel) ?? []) listener(frame.params);
    }
  }

  private onClose(socket: StreamSocket): void {
    if (socket !== this.socket) return;
    this.stopPinging();
    for (const p of this.pending.values()) p.reject(new Error(`TxcStream: connection closed (${p.method})`));
    this.pending.clear();
    if (this.closedByUser || this.options.reconnect === false) return;
    const delay = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** this.attempt++);
    // jitter: many clients dropped at once do not all come back in the same instant
    setTimeout(() => void this.restore(), delay * (0.5 + Math.random() / 2));
  }

  /** Reconnects, authorizes if it was, and subscribes again to what it followed. */
  private async restore(): Promise<void> {
    if (this.closedByUser) return;
    try {
      await this.connect();
      if (this.authorized) await this.authorize();
      for (const [method, params] of this.subscriptions.values()) await this.request(method, params);
    } catch {
      // the close that follows schedules the next attempt
      if (this.socket?.readyState !== OPEN) return;
      this.socket.close();
    }
  }

  private startPinging(): void {
    this.stopPinging();
    const every = this.options.pingIntervalMs ?? 30_000;
    this.pinger = setInterval(() => void this.request('ping').catch(() => undefined), every);
  }

  private stopPinging(): void {
    if (this.pinger !== undefined) clearInterval(this.pinger);
    this.pinger = undefined;
  }
}
