import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AdminError, noBody } from '../../../admin/admin-input.js';
import { sendError } from '../../send-error.js';
import type { AdminContract } from './admin-contracts.js';
import { adminRouteSchema } from './admin-route-schema.js';

/** An admin route's answer: what `work` gives with the route's status, or its AdminError in the admin API's body. */
export async function adminAnswer(reply: FastifyReply, status: number, work: () => unknown): Promise<FastifyReply> {
  try {
    return reply.code(status).send(await work());
  } catch (e) {
    if (e instanceof AdminError) return sendError(reply, e.error, { params: { detail: e.detail } });
    throw e;
  }
}

/** The request an admin route's work reads: its path's parameters by name, its body. */
export type AdminRequest = FastifyRequest<{ Params: Record<string, string> }>;

/**
 * Registers one declared admin route (`name` is its operation id's stem): documented from its
 * contract, answered with the contract's success status or the AdminError `work` throws.
 */
export function adminRoute(
  app: FastifyInstance,
  name: string,
  contract: AdminContract,
  work: (request: AdminRequest) => unknown,
): void {
  app.route<{ Params: Record<string, string> }>({
    method: contract.method,
    url: contract.path,
    schema: adminRouteSchema(name, contract),
    handler: (request, reply) =>
      adminAnswer(reply, contract.successStatus, () => {
        // a field sent to a route that takes none is refused rather than ignored: `reset` sent
        // {"name": …} would otherwise reset to the first state, not load that one
        if (contract.body === undefined) noBody(request.body);
        return work(request);
      }),
  });
}
