import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StreamHub } from './stream-hub.js';

/** The largest frame a client may send: far above any request, far below what would hold memory. */
export const MAX_FRAME_BYTES = 64 * 1024;

/** The WebSocket API's path, on the HTTP server's host and port (websocket spec §1.1). */
export const WS_PATH = '/ws';

export interface WsRouteOptions {
  readonly hub: StreamHub;
  /**
   * Counts a connection attempt against its client's allowance; answers the refusal (HTTP 429, in the
   * public error family) and returns false when it is spent. A promise where the count is shared
   * (a gateway's, in Redis).
   */
  readonly admit: (request: FastifyRequest, reply: FastifyReply) => boolean | Promise<boolean>;
  /** Answers a plain HTTP request to the path (no upgrade), in the public error family. */
  readonly notUpgraded: (reply: FastifyReply) => FastifyReply;
}

/**
 * GET /ws through Fastify's own WebSocket plugin: the upgrade runs the app's hooks and its route like
 * any request, so a refused attempt answers HTTP. Frames above 64 KiB close the socket (1009, by ws).
 * At shutdown every socket gets a close frame (1001) before the server stops.
 */
export function registerWebSocket(app: FastifyInstance, options: WsRouteOptions): void {
  const { hub } = options;
  /** The reply of each upgrade under way: its raw response lets go of the socket once ws owns it. */
  const upgrades = new WeakMap<FastifyRequest, FastifyReply>();
  void app.register(websocket, {
    options: {
      maxPayload: MAX_FRAME_BYTES,
      perMessageDeflate: false,
      clientTracking: false,
      // one frame per turn of the event loop per socket: a client sending thousands at once takes its
      // turn among the others' instead of holding the loop until its last frame is handled
      allowSynchronousEvents: false,
      // pings are answered by the hub, within the client's allowance and its send buffer's limit
      autoPong: false,
    },
    // the hub listens for each socket's errors: a frame too big is closed with 1009 by ws itself
    errorHandler: () => undefined,
    preClose: (done) => {
      hub.stop();
      done();
    },
  });
  void app.register((scope, _opts, done) => {
    scope.route({
      method: 'GET',
      url: WS_PATH,
      schema: { hide: true },
      onRequest: (request, reply, next) => {
        const go = (admitted: boolean): void => {
          if (!admitted) return;
          upgrades.set(request, reply);
          next();
        };
        const admitted = options.admit(request, reply);
        if (typeof admitted === 'boolean') go(admitted);
        else admitted.then(go, next);
      },
      handler: (_request, reply) => options.notUpgraded(reply),
      wsHandler: (socket, request) => {
        // @fastify/websocket's error listener closes over the upgrade's request and reply, and the raw
        // response stays attached to the socket: kept for the socket's whole life, they would double
        // what an idle connection costs. The hub listens for the socket's errors itself.
        socket.removeAllListeners('error');
        const response = upgrades.get(request)?.raw;
        if (response?.socket) response.detachSocket(response.socket);
        // the TCP socket of the upgrade, which ws took over: the hub writes frames to it directly
        hub.open(socket, request.raw.socket, request.ip);
      },
    });
    done();
  });
}
