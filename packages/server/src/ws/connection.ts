import type { Writable } from 'node:stream';
import type { WebSocket } from 'ws';
import { settledWithin } from '../timing/settled-within.js';
import { RequestLimit, type RequestLimitRule } from './request-limit.js';
import { TextFrame, textFrameBytes } from './text-frame.js';

/** Close codes (docs/decisions.md, "WebSocket framing and close codes"). */
export const CLOSE = {
  /** The server is shutting down. */
  goingAway: 1001,
  /** A binary frame, or text that is not JSON (websocket spec §1.1). */
  unsupportedData: 1003,
  /** A frame above the size limit. */
  tooBig: 1009,
  /** No message from the client for the idle timeout (websocket spec §2). */
  idle: 4001,
  /** The client reads slower than the server writes: its send buffer passed the limit. */
  slowConsumer: 4002,
  /** The API key the connection was authorized with was revoked. */
  keyRevoked: 4003,
  /** The venue rebuilt its state from the store after a failed commit: subscribe again. */
  venueReset: 4004,
  /** The IP allow-list of the API key the connection was authorized with changed, and no longer allows its address. */
  addressRefused: 4005,
  /**
   * The sub-account of the API key the connection was authorized with was blocked or deleted; the
   * key is not revoked: once the sub-account is unblocked, its tokens authorize again.
   */
  accountBlocked: 4006,
  /** A fault rule of a sandbox closes sockets after a while: reconnect (RFC 6455 "service restart"). */
  faultInjected: 1012,
} as const;

/**
 * How long an answer waits for those of the requests before it: a command waits for its group commit,
 * well within this, and a request that hangs (a store out of reach) must not hold back the rest.
 */
const ANSWER_ORDER_WAIT_MS = 10_000;

/** A slow consumer's socket is destroyed this long after its close frame, read or not. */
const SLOW_CONSUMER_GRACE_MS = 1000;

/** Who an `authorize` made the connection act for. */
export interface Authorization {
  readonly user: string;
  readonly apiKey: string;
}

export interface ConnectionOptions {
  readonly ip: string;
  /** Bytes queued for the client beyond which it is cut off. */
  readonly maxBufferedBytes: number;
  readonly limits: RequestLimitRule;
  /** Told each frame sent (metrics). */
  readonly onSent?: () => void;
  /** Pushes of paused channels are dropped (a sandbox's fault rule). */
  readonly mutes?: StreamMutes;
}

/** Which pushes are not sent for now: `<channel>_update` frames of the channels paused by a fault. */
export interface StreamMutes {
  /** False while nothing is paused: the one question each send asks. */
  readonly active: boolean;
  mutes(text: string): boolean;
}

/**
 * One client socket: what it subscribed to, who it is authorized as, when it last spoke. Sends never
 * wait: a frame goes to the socket's buffer, and a client whose buffer outgrows the limit is closed
 * (4002) instead of slowing anyone else down.
 */
export class WsConnection {
  /** Channel name → that channel's record of the subscription (its own shape). */
  readonly subscriptions = new Map<string, unknown>();
  readonly requests: RequestLimit;
  auth: Authorization | undefined;
  /** performance.now() of the last frame the client sent. */
  lastHeardAt = performance.now();
  /** performance.now() when the socket was taken. */
  readonly openedAt = this.lastHeardAt;
  private closedWith: number | undefined;
  /** Settles once the answer of the last asynchronous request has gone out. */
  private answered: Promise<void> = Promise.resolve();
  /** Asynchronous requests whose answers have not gone out yet. */
  private unanswered = 0;

  /**
   * `stream` is the TCP socket under `socket`: frames are written to it already framed, so that an
   * update sent to many sockets is encoded once (ws sends nothing of its own but pongs and the closing
   * handshake, and queues nothing without compression, so the order of the bytes is kept).
   */
  constructor(
    readonly socket: WebSocket,
    private readonly stream: Writable,
    private readonly options: ConnectionOptions,
  ) {
    this.requests = new RequestLimit(options.limits);
  }

  get ip(): string {
    return this.options.ip;
  }

  get closed(): boolean {
    return this.closedWith !== undefined;
  }

  /** Neither side has closed: what is sent may still arrive. */
  get open(): boolean {
    return this.closedWith === undefined && this.socket.readyState === this.socket.OPEN;
  }

  /** Sends one text frame (serialized once by the caller; a `TextFrame` is also framed once for all). */
  send(frame: string | TextFrame): void {
    // once a close frame went either way no data frame may follow (RFC 6455 §5.5.1)
    if (this.closedWith !== undefined || this.socket.readyState !== this.socket.OPEN) return;
    const text = typeof frame === 'string' ? frame : frame.text;
    if (this.options.mutes?.active === true && this.options.mutes.mutes(text)) return;
    this.stream.write(frame instanceof TextFrame ? frame.bytes : textFrameBytes(text));
    this.options.onSent?.();
    this.cutOffIfBehind();
  }

  /** Closes the connection (4002) once what it has not read passes the limit. */
  private cutOffIfBehind(): void {
    if (this.socket.bufferedAmount > this.options.maxBufferedBytes) this.close(CLOSE.slowConsumer, 'slow consumer');
  }

  /** Answers a ping frame with its payload; the pong counts toward the send buffer's limit as frames do. */
  pong(data: Buffer): void {
    if (this.closedWith !== undefined || this.socket.readyState !== this.socket.OPEN) return;
    this.socket.pong(data);
    this.cutOffIfBehind();
  }

  /**
   * Calls `deliver` with the outcome of an asynchronous request once the answers of the asynchronous
   * requests it sent before have gone out: the commands of one group commit finish together, and a
   * client that sends several order methods without waiting reads their answers in the order it sent
   * them (a placement's answer never follows its cancel's). A request still unanswered after
   * ANSWER_ORDER_WAIT_MS holds back no later answer. `deliver` reports its own failures.
   */
  inTurn<T>(
    result: Promise<T>,
    deliver: (outcome: { ok: true; value: T } | { ok: false; error: unknown }) => void,
  ): void {
    const outcome = result.then(
      (value) => ({ ok: true, value }) as const,
      (error: unknown) => ({ ok: false, error }) as const,
    );
    const before =
      this.unanswered === 0 ? undefined : settledWithin(this.answered, ANSWER_ORDER_WAIT_MS, () => undefined);
    this.unanswered++;
    this.answered = (before === undefined ? outcome : before.then(() => outcome))
      .then((settled) => {
        this.unanswered--;
        deliver(settled);
      })
      .catch(() => undefined);
  }

  /**
   * Closes with a code and reason; the hub forgets the connection when the socket reports it closed,
   * or at once for a venue rebuilt (4004), whose channels start afresh while the socket may linger
   * until its close handshake ends.
   */
  close(code: number, reason: string): void {
    if (this.closedWith !== undefined) return;
    this.closedWith = code;
    this.socket.close(code, reason);
    if (code === CLOSE.slowConsumer) setTimeout(() => this.socket.terminate(), SLOW_CONSUMER_GRACE_MS).unref();
  }

  /** The code this side closed with, if it did. */
  get closeCode(): number | undefined {
    return this.closedWith;
  }
}
