import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../send-error.js';

export interface AdminAuthOptions {
  readonly token: string;
  /** Serve non-loopback clients too. */
  readonly public: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The admin API answers loopback clients (unless made public) that present the bearer token. The
 * client is `request.ip`: the socket's peer, or, behind a configured trusted proxy, the client the
 * proxy names, so that a reverse proxy on the same machine does not make every client loopback.
 * Refusals go to the log, never to the audit table: unauthenticated callers must not be able to
 * fill the store.
 */
export function registerAdminAuth(app: FastifyInstance, options: AdminAuthOptions): void {
  // Comparing digests keeps the comparison constant-time whatever the presented token's length.
  const expected = digest(options.token);
  app.addHook('onRequest', (request, reply, done) => {
    if (!options.public && !LOOPBACK.has(request.ip)) {
      request.log.warn({ ip: request.ip, url: request.url }, 'admin API: refused a non-loopback client');
      return sendError(reply, 'adminForbidden');
    }
    const auth = request.headers.authorization;
    const token = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!timingSafeEqual(digest(token), expected)) {
      request.log.warn({ ip: request.ip, url: request.url }, 'admin API: refused a missing or wrong token');
      return sendError(reply, 'adminUnauthorized');
    }
    done();
  });
}
