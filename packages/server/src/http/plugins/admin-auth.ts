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

/** The admin API answers loopback clients (unless made public) that present the bearer token. */
export function registerAdminAuth(app: FastifyInstance, options: AdminAuthOptions): void {
  // Comparing digests keeps the comparison constant-time whatever the presented token's length.
  const expected = digest(options.token);
  app.addHook('onRequest', (request, reply, done) => {
    if (!options.public && !LOOPBACK.has(request.socket.remoteAddress ?? '')) return sendError(reply, 'adminForbidden');
    const auth = request.headers.authorization;
    const token = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!timingSafeEqual(digest(token), expected)) return sendError(reply, 'adminUnauthorized');
    done();
  });
}
