import type { FastifyReply } from 'fastify';
import { sendError } from './send-error.js';

/** A plain HTTP request to the WebSocket path, answered in the public error family. */
export function sendNotUpgraded(reply: FastifyReply): FastifyReply {
  return sendError(reply, 'publicBadRequest', {
    params: { detail: 'Connect with a WebSocket client (Upgrade: websocket).' },
  });
}
