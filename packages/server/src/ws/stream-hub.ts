import type { Writable } from 'node:stream';
import type { RawData, WebSocket } from 'ws';
import type { Channel } from './channel.js';
import { CLOSE, WsConnection, type Authorization, type StreamMutes } from './connection.js';
import type { KeyStanding } from '../venue/keys/websocket-tokens.js';
import { CommittedUnreadError, isUnavailable, StoreRefusedError } from '../venue/sequencer/unavailable.js';
import type { DurableOutbox } from './durable-outbox.js';
import type { MethodSpec, MethodTable } from './method.js';
import {
  errorFrame,
  NOT_JSON,
  parseFrame,
  resultFrame,
  SUCCESS,
  WS_ERRORS,
  WsError,
  type RequestId,
  type WsRequest,
} from './protocol.js';
import type { RequestLimitRule } from './request-limit.js';
import type { JsonLimits } from '../json/exact-json.js';
import { SubscriptionLog } from './subscription-log.js';

/**
 * What a request the venue could not take hears: in a cluster, a command whose leader went away
 * unanswered may have been applied all the same, so the client is told to look before it repeats.
 */
const UNCONFIRMED = 'the venue could not confirm this request; look at the orders before sending it again';
/** A command refused before it was applied, while the venue takes no writes. */
const REFUSED = 'the venue takes no writes for now and did not apply this request: send it again later';
/** A read whose answer was never durable, or that the store did not answer: it may simply be asked again. */
const UNAVAILABLE = new WsError(WS_ERRORS.unavailable);
/** Close codes from here on are the application's (RFC 6455 §7.4.2): a client may send any of 2,000. */
const FIRST_APPLICATION_CODE = 3000;
/** A command committed whose result this gateway could not read: sending it again would repeat it. */
const COMMITTED_UNREAD =
  'the venue accepted this request, but its result could not be read here yet: do not send it again; it shows in the orders once the venue answers';
/** How a key stands now for a connection from `ip` (WebsocketTokens.standing, on the venue's state). */
export type KeyStandingOf = (apiKey: string, ip: string) => KeyStanding;

export interface HubOptions {
  readonly limits: RequestLimitRule;
  /** How a frame's JSON is bounded: as an HTTP body's. */
  readonly json: JsonLimits;
  readonly idleTimeoutMs: number;
  readonly maxBufferedBytes: number;
  /** Pushes held back (a sandbox's paused channels). */
  readonly mutes?: StreamMutes;
  /** Told once a client cut off for reading too slowly (4002) is gone: who it was. */
  readonly onCutOff?: (ip: string, user: string | undefined) => void;
  /**
   * Runs the handling of each request, what it waits for included: a cluster's gateway ends all the
   * waits of one request by the same moment (cluster/request-deadline.ts).
   */
  readonly handling?: <T>(handle: () => T) => T;
  /** Sockets one client may hold open at once (`mayOpen`); none: no cap. */
  readonly connectionsPerClient?: number;
  /** The client an address stands for (an IPv6 one by its /64, as the HTTP limits see it); none: the address. */
  readonly clientOf?: (ip: string) => string;
}

/** What the hub reports (metrics implement it); called on hot paths: implementations only count. */
export interface StreamObserver {
  opened(): void;
  /** `code`: the server's close code, or the client's (1000–1015), or `client` for a code of the client's own (3000–4999). */
  closed(code: number | 'client'): void;
  sent(): void;
}

/** Where unexpected failures of a method or a send are reported. */
export type HubErrorLog = (error: unknown, context: string) => void;

/**
 * Every open socket, and the routing of its requests: service methods and channel methods by name,
 * the request limit, authorization, the idle timeout. Answers that read state go through the durable
 * outbox like pushes do; subscribe answers go at once, so they precede their snapshot.
 */
export class StreamHub {
  private readonly connections = new Set<WsConnection>();
  /** Open sockets by client (`clientOf` their address). */
  private readonly openByClient = new Map<string, number>();
  private readonly byKey = new Map<string, Set<WsConnection>>();
  private readonly methods = new Map<string, MethodSpec>();
  private readonly subscriptions = new SubscriptionLog();
  private readonly idleSweep: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly channels: readonly Channel[],
    private readonly outbox: DurableOutbox,
    private readonly options: HubOptions,
    private readonly log: HubErrorLog,
    private readonly observer?: StreamObserver,
  ) {
    for (const channel of channels) this.addChannel(channel);
    // a tenth of the timeout: a silent client is closed at most 10 % late
    const every = Math.max(50, Math.min(1000, Math.floor(options.idleTimeoutMs / 10)));
    this.idleSweep = setInterval(() => this.closeIdle(), every);
    this.idleSweep.unref();
  }

  /** Adds methods besides the channels' (service methods, order methods). */
  addMethods(table: MethodTable): void {
    for (const [name, spec] of Object.entries(table)) {
      if (this.methods.has(name)) throw new Error(`WebSocket method ${name} registered twice`);
      this.methods.set(name, spec);
    }
  }

  get size(): number {
    return this.connections.size;
  }

  /** Every method name the socket answers, for documentation and tests. */
  methodNames(): string[] {
    return [...this.methods.keys()];
  }

  /** The methods that need `authorize` first. */
  privateMethodNames(): string[] {
    return [...this.methods].filter(([, spec]) => spec.private).map(([name]) => name);
  }

  /**
   * Whether a client may open one more socket: the cap keeps one address from holding every socket
   * the server can carry (docs/decisions.md, "WebSocket limits"). Upgrades under way are not counted,
   * so a burst may pass it by the few it races.
   */
  mayOpen(ip: string): boolean {
    const most = this.options.connectionsPerClient;
    return most === undefined || (this.openByClient.get(this.clientOf(ip)) ?? 0) < most;
  }

  private clientOf(ip: string): string {
    return this.options.clientOf?.(ip) ?? ip;
  }

  /** Takes a new socket (`stream`: the TCP socket under it): its frames are requests from now on. */
  open(socket: WebSocket, stream: Writable, ip: string): WsConnection {
    const conn = new WsConnection(socket, stream, {
      ip,
      maxBufferedBytes: this.options.maxBufferedBytes,
      limits: this.options.limits,
      onSent: this.observer === undefined ? undefined : () => this.observer?.sent(),
      mutes: this.options.mutes,
    });
    if (this.stopped) {
      conn.close(CLOSE.goingAway, 'server shutting down');
      return conn;
    }
    this.connections.add(conn);
    const client = this.clientOf(ip);
    this.openByClient.set(client, (this.openByClient.get(client) ?? 0) + 1);
    this.observer?.opened();
    socket.on('message', (data, isBinary) => this.onFrame(conn, data, isBinary));
    socket.on('ping', (data) => this.onPing(conn, data));
    // a frame above maxPayload: ws closes with 1009 itself and reports the error here
    socket.on('error', () => undefined);
    socket.on('close', (code) => this.forget(conn, code));
    return conn;
  }

  /** Indexes an authorized connection under its key, so that a change of the key re-checks it. */
  bind(conn: WsConnection, auth: Authorization): void {
    if (conn.auth !== undefined) this.unbind(conn, conn.auth.apiKey);
    conn.auth = auth;
    let set = this.byKey.get(auth.apiKey);
    if (set === undefined) {
      set = new Set();
      this.byKey.set(auth.apiKey, set);
    }
    set.add(conn);
  }

  /**
   * A key changed (revoked, its allow-list edited): each connection authorized with it is checked
   * against the key as it now stands, from the connection's address. Revoked: it closes (4003); the
   * address no longer allowed: it closes (4005); its sub-account blocked or deleted: it closes
   * (4006); still allowed: it stays, and keeps streaming.
   */
  keyChanged(apiKey: string, standing: KeyStandingOf): void {
    for (const conn of [...(this.byKey.get(apiKey) ?? [])]) {
      const now = standing(apiKey, conn.ip);
      if (now === 'revoked') conn.close(CLOSE.keyRevoked, 'API key revoked');
      else if (now === 'addressRefused') conn.close(CLOSE.addressRefused, 'API key no longer allows this address');
      else if (now === 'accountBlocked') conn.close(CLOSE.accountBlocked, 'sub-account blocked or deleted');
    }
  }

  /**
   * Any key may have changed (the keys were read again), or those of `user` (a sub-account blocked
   * or deleted): the connections of each key are checked as `keyChanged` checks them. Synchronous,
   * so that a connection closed here is sent nothing of the commands applied after.
   */
  keysChanged(standing: KeyStandingOf, user?: string): void {
    for (const [apiKey, conns] of [...this.byKey]) {
      const [first] = conns;
      // every connection under a key acts for the key's one user
      if (user === undefined || first?.auth?.user === user) this.keyChanged(apiKey, standing);
    }
  }

  /** The venue rebuilt its state: every subscription rests on memory that is gone. */
  venueReset(): void {
    this.outbox.clear();
    for (const conn of [...this.connections]) {
      conn.close(CLOSE.venueReset, 'venue state rebuilt: subscribe again');
      // forgotten now, not once its close handshake ends: a client slow to finish it would otherwise
      // take from the channels' fresh state the subscriptions of those who subscribed again meanwhile
      this.forget(conn, CLOSE.venueReset);
    }
    for (const channel of this.channels) channel.onReset?.();
  }

  /**
   * Subscribes every follower of `channel` again to what it follows, so that each gets a fresh
   * snapshot (a paused stream resuming). A market gone since is skipped.
   */
  resubscribe(channelName: string): void {
    const channel = this.channels.find((c) => c.name === channelName);
    if (channel === undefined) return;
    for (const conn of this.connections) {
      for (const params of this.subscriptions.paramsOf(conn, channelName)) {
        try {
          channel.subscribe(conn, params);
        } catch (error) {
          if (!(error instanceof WsError)) this.log(error, `${channelName}_subscribe (resumed)`);
        }
      }
    }
  }

  /** Closes the sockets `deadline` says are due (performance.now() time), with `code`. */
  closeDue(deadline: (conn: WsConnection) => number, code: number, reason: string): void {
    const now = performance.now();
    for (const conn of [...this.connections]) if (deadline(conn) <= now) conn.close(code, reason);
  }

  /** The channels' names. */
  channelNames(): string[] {
    return this.channels.map((c) => c.name);
  }

  /** Shutdown: every socket gets a close frame (1001); no more sockets are taken. */
  stop(): void {
    this.stopped = true;
    clearInterval(this.idleSweep);
    for (const channel of this.channels) channel.stop?.();
    for (const conn of [...this.connections]) conn.close(CLOSE.goingAway, 'server shutting down');
  }

  private addChannel(channel: Channel): void {
    const table: Record<string, MethodSpec> = {
      [`${channel.name}_subscribe`]: {
        private: channel.private,
        readsState: false,
        handle: (conn, params) => {
          // its snapshot would be lost, leaving a subscription that shows nothing until the sockets close
          if (this.outbox.refusing) throw new StoreRefusedError();
          channel.subscribe(conn, params);
          this.subscriptions.subscribed(conn, channel.name, channel.subscriptionKey?.(params), params);
          return SUCCESS;
        },
      },
      [`${channel.name}_unsubscribe`]: {
        private: channel.private,
        readsState: false,
        handle: (conn, params) => {
          channel.unsubscribe(conn, params);
          if (channel.heldParams === undefined) this.subscriptions.unsubscribed(conn, channel.name, params);
          else this.subscriptions.holds(conn, channel.name, channel.heldParams(conn));
          return SUCCESS;
        },
      },
    };
    const request = channel.request?.bind(channel);
    if (channel.oneShot !== undefined && request !== undefined) {
      table[`${channel.name}_${channel.oneShot}`] = { private: channel.private, readsState: true, handle: request };
    }
    this.addMethods(table);
  }

  private onFrame(conn: WsConnection, data: RawData, isBinary: boolean): void {
    // once this side has closed, a client that ignores the close frame is heard no more: its key may
    // have been revoked, its address refused, its sub-account blocked
    if (conn.closed) return;
    conn.lastHeardAt = performance.now();
    if (isBinary) return conn.close(CLOSE.unsupportedData, 'text frames only');
    const frame = parseFrame(rawText(data), this.options.json);
    if (frame === NOT_JSON) return conn.close(CLOSE.unsupportedData, 'not JSON');
    // a frame that is no request counts too: answering it is work done for the client; a method
    // that does not exist is no placement, whatever its name
    const method = 'malformed' in frame || !this.methods.has(frame.method) ? '' : frame.method;
    if (!conn.requests.admit(method, performance.now())) {
      return conn.send(errorFrame(frame.id, new WsError(WS_ERRORS.tooManyRequests)));
    }
    if ('malformed' in frame) return conn.send(errorFrame(frame.id, frame.error));
    this.dispatch(conn, frame);
  }

  /**
   * A ping frame (RFC 6455 §5.5.2) is a request like the `ping` method: answered with a pong within
   * the connection's allowance, and beyond it not at all (a control frame has no error to carry);
   * a client that does not read its pongs is cut off as one that does not read its updates.
   */
  private onPing(conn: WsConnection, data: Buffer): void {
    if (conn.closed) return;
    // a frame the client sent: it keeps the connection from the idle timeout as any other does
    conn.lastHeardAt = performance.now();
    if (!conn.requests.admit('ping', conn.lastHeardAt)) return;
    conn.pong(data);
  }

  private dispatch(conn: WsConnection, { id, method, params }: WsRequest): void {
    const spec = this.methods.get(method);
    if (spec === undefined) return conn.send(errorFrame(id, new WsError(WS_ERRORS.methodNotFound)));
    if (spec.private && conn.auth === undefined) {
      return conn.send(errorFrame(id, new WsError(WS_ERRORS.requireAuthentication)));
    }
    let result: unknown;
    try {
      const handle = (): unknown => spec.handle(conn, params);
      result = this.options.handling === undefined ? handle() : this.options.handling(handle);
    } catch (error) {
      return this.fail(conn, id, error, method, spec.readsState);
    }
    if (result instanceof Promise) {
      conn.inTurn(result as Promise<unknown>, (outcome) => {
        try {
          if (outcome.ok) this.answer(conn, id, outcome.value, spec.readsState);
          else this.fail(conn, id, outcome.error, method, spec.readsState);
        } catch (error) {
          this.log(error, method);
        }
      });
    } else this.answer(conn, id, result, spec.readsState);
  }

  private answer(conn: WsConnection, id: RequestId, result: unknown, readsState: boolean): void {
    const text = resultFrame(id, result);
    // what it read was never durable: answered as a read the store could not serve, to be asked again
    if (readsState)
      this.outbox.later(
        () => conn.send(text),
        () => conn.send(errorFrame(id, UNAVAILABLE)),
      );
    else conn.send(text);
  }

  private fail(conn: WsConnection, id: RequestId, error: unknown, method: string, read: boolean): void {
    if (error instanceof WsError) return conn.send(errorFrame(id, error));
    // the venue takes no writes or the store did not answer, for now (REST's 503): no fault of the
    // server's code, so not logged as one. A read may simply be sent again; a command may have been taken.
    if (isUnavailable(error)) {
      if (read) return conn.send(errorFrame(id, UNAVAILABLE));
      const message =
        error instanceof CommittedUnreadError
          ? COMMITTED_UNREAD
          : error instanceof StoreRefusedError
            ? REFUSED
            : UNCONFIRMED;
      return conn.send(errorFrame(id, new WsError(WS_ERRORS.unavailable, message)));
    }
    this.log(error, method);
    conn.send(errorFrame(id, new WsError(WS_ERRORS.internal)));
  }

  private closeIdle(): void {
    const before = performance.now() - this.options.idleTimeoutMs;
    for (const conn of this.connections) {
      if (conn.lastHeardAt < before) conn.close(CLOSE.idle, 'idle timeout');
    }
  }

  private forget(conn: WsConnection, code: number): void {
    if (!this.connections.delete(conn)) return;
    const client = this.clientOf(conn.ip);
    const open = (this.openByClient.get(client) ?? 1) - 1;
    if (open === 0) this.openByClient.delete(client);
    else this.openByClient.set(client, open);
    if (conn.auth !== undefined) this.unbind(conn, conn.auth.apiKey);
    for (const channel of this.channels) channel.disconnect(conn);
    // a code of the client's choosing would make a metric series of its own: they are counted together
    this.observer?.closed(conn.closeCode ?? (code >= FIRST_APPLICATION_CODE ? 'client' : code));
    if (conn.closeCode === CLOSE.slowConsumer) this.options.onCutOff?.(conn.ip, conn.auth?.user);
  }

  private unbind(conn: WsConnection, apiKey: string): void {
    const set = this.byKey.get(apiKey);
    set?.delete(conn);
    if (set?.size === 0) this.byKey.delete(apiKey);
  }
}

function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
