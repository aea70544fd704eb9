import type { Endpoint } from '@txc/sdk';
import type { StreamHub } from '../ws/stream-hub.js';
import type { RateLimiter } from './rate-limiter.js';

/** What authentication establishes about a private request. */
export interface AuthContext {
  readonly apiKey: string;
  readonly user: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's rate limiter (its size is what tests and operators watch). */
    rateLimiter: RateLimiter;
    /** The WebSocket API's open sockets and their routing. */
    streams: StreamHub;
  }
  interface FastifyRequest {
    /** The body exactly as received (JSON routes). */
    rawBody: string;
    /** Set by the private scope's authentication. */
    auth: AuthContext | undefined;
  }
  interface FastifyContextConfig {
    /** The contract entry a route serves: path, permission, rate-limit group. */
    endpoint?: Endpoint;
  }
}
