import { renderError, type ErrorName, type FieldErrors } from '@txc/sdk';
import type { FastifyReply } from 'fastify';

/** Answers with a catalogue error; returns the reply so hooks and handlers can `return sendError(...)`. */
export function sendError(
  reply: FastifyReply,
  name: ErrorName,
  options: { readonly params?: Record<string, string>; readonly errors?: FieldErrors } = {},
): FastifyReply {
  const { status, body } = renderError(name, options);
  return reply.code(status).send(body);
}
