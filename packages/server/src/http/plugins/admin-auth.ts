import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { StandingNotice } from '../../timing/standing-notice.js';
import { pathOf } from '../family.js';
import { sendError } from '../send-error.js';

export interface AdminAuthOptions {
  /** Bearer tokens accepted (the admin token; for /metrics also the metrics token when one is set). */
  readonly tokens: readonly string[];
  /** Serve non-loopback clients too. */
  readonly public: boolean;
}

/** 127.0.0.0/8, plain or IPv4-mapped, and ::1: every address of the loopback interface. */
function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

/**
 * Whether the client runs on this machine: a loopback address, or, for a server bound to one of
 * the machine's own addresses, a connection from that same address (the operator's CLI there). Only
 * the socket's own peer counts this way, never a client a proxy names.
 */
function onThisMachine(request: FastifyRequest): boolean {
  if (isLoopback(request.ip)) return true;
  const { remoteAddress, localAddress } = request.socket;
  return request.ip === remoteAddress && remoteAddress === localAddress;
}

/** The token of an `Authorization: Bearer …` header (the scheme's case does not matter, RFC 9110). */
function bearerToken(header: string | undefined): string {
  return header !== undefined && /^bearer /i.test(header) ? header.slice(7) : '';
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * One kind of refusal, said at most once a second with how many went unsaid before it: a flood of
 * refused requests from outside must not fill the log, nor drown the line an operator watches for.
 */
class RefusalNotice {
  private readonly notice = new StandingNotice(1000);
  private unsaid = 0;

  constructor(private readonly message: string) {}

  tell(request: FastifyRequest): void {
    if (!this.notice.due()) {
      this.unsaid++;
      return;
    }
    // the path alone: a query string may carry what a caller meant as a credential
    request.log.warn({ ip: request.ip, path: pathOf(request.url), alsoRefused: this.unsaid }, this.message);
    this.unsaid = 0;
  }
}

/**
 * The admin API answers clients on this machine (unless made public) that present the bearer token. The
 * client is `request.ip`: the socket's peer, or, behind a configured trusted proxy, the client the
 * proxy names, so that a reverse proxy on the same machine does not make every client loopback.
 * Refusals go to the log, never to the audit table: unauthenticated callers must not be able to
 * fill the store.
 */
export function registerAdminAuth(app: FastifyInstance, options: AdminAuthOptions): void {
  // Comparing digests keeps the comparison constant-time whatever the presented token's length.
  const expected = options.tokens.map(digest);
  const elsewhere = new RefusalNotice('admin API: refused a non-loopback client');
  const untokened = new RefusalNotice('admin API: refused a missing or wrong token');
  app.addHook('onRequest', (request, reply, done) => {
    if (!options.public && !onThisMachine(request)) {
      elsewhere.tell(request);
      return sendError(reply, 'adminForbidden');
    }
    const presented = digest(bearerToken(request.headers.authorization));
    // every token compared, so that the time taken says nothing of which one came close
    const matches = expected.filter((token) => timingSafeEqual(presented, token)).length;
    if (matches === 0) {
      untokened.tell(request);
      return sendError(reply, 'adminUnauthorized');
    }
    done();
  });
}
