import type { FastifyReply } from 'fastify';
import { AdminError } from '../../../admin/admin-input.js';
import { sendError } from '../../send-error.js';

/** An admin route's answer: what `work` gives with the route's status, or its AdminError in the admin API's body. */
export async function adminAnswer(reply: FastifyReply, status: number, work: () => unknown): Promise<FastifyReply> {
  try {
    return reply.code(status).send(await work());
  } catch (e) {
    if (e instanceof AdminError) return sendError(reply, e.error, { params: { detail: e.detail } });
    throw e;
  }
}
