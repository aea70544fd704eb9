import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditBody, auditTarget, auditText } from '../../admin/audit-log.js';
import { isUnavailable } from '../../venue/sequencer/unavailable.js';
import type { Venue } from '../../venue/venue.js';
import { pathOf } from '../family.js';
import { ADMIN_ACTOR_HEADER } from '../admin-actor-header.js';
import { sendError } from '../send-error.js';

function actorOf(request: FastifyRequest): string {
  const declared = request.headers[ADMIN_ACTOR_HEADER];
  return typeof declared === 'string' && declared !== '' ? auditText(declared.slice(0, 128)) : 'admin-api';
}

/** Reads change nothing; they go to the log, so that monitors polling the admin API do not grow the table. */
const READS = new Set(['GET', 'HEAD']);

/**
 * Every authenticated admin request that can change something leaves two lines in the audit log.
 * The request line joins the group commit open when the handler starts, so no effect of the request
 * can be durable without it (commits are durable in order); the response line is made durable
 * before the reply leaves. With the store refusing writes, nothing is done unaudited: the request
 * answers 503. The table is append-only and never pruned, so it grows with what operators do, not
 * with how often something looks.
 */
export function registerAdminAudit(app: FastifyInstance, venue: Venue): void {
  const open = new WeakMap<FastifyRequest, string>();

  app.addHook('preHandler', (request, reply, done) => {
    if (READS.has(request.method)) {
      request.log.debug({ ip: request.ip, actor: actorOf(request), path: pathOf(request.url) }, 'admin API read');
      return done();
    }
    if (!venue.writable) return sendError(reply, 'adminUnavailable');
    const requestId = randomUUID();
    open.set(request, requestId);
    venue
      .recordAudit({
        requestId,
        stage: 'request',
        time: venue.clock.nowMs(),
        actor: actorOf(request),
        ip: request.ip,
        action: `${request.method} ${request.routeOptions.url ?? pathOf(request.url)}`,
        target: auditTarget(request.url),
        body: auditBody(request.body),
        status: null,
      })
      // A failed commit fails the handler's own work too, and the response line reports it.
      .catch(() => undefined);
    done();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const requestId = open.get(request);
    if (requestId === undefined) return payload;
    open.delete(request);
    try {
      await venue.recordAudit({
        requestId,
        stage: 'response',
        time: venue.clock.nowMs(),
        actor: actorOf(request),
        ip: request.ip,
        action: `${request.method} ${request.routeOptions.url ?? pathOf(request.url)}`,
        target: auditTarget(request.url),
        body: null,
        status: reply.statusCode,
      });
    } catch (err) {
      // an outage's refusals are logged where the store failed, once: here a line each, without the stack
      if (isUnavailable(err)) {
        request.log.warn(
          { requestId, status: reply.statusCode },
          'admin audit: no response line, the store takes no writes for now',
        );
      } else request.log.error({ err, requestId }, 'admin audit: the response line could not be written');
    }
    return payload;
  });
}
