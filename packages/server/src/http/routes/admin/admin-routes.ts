import type { FastifyInstance, FastifyReply } from 'fastify';
import { AdminError, type AdminOperations } from '../../../venue/admin.js';
import { sendError } from '../../send-error.js';

async function answer(reply: FastifyReply, status: number, work: () => Promise<unknown>): Promise<FastifyReply> {
  try {
    return reply.code(status).send(await work());
  } catch (e) {
    if (e instanceof AdminError) return sendError(reply, e.error, { params: { detail: e.detail } });
    throw e;
  }
}

/** The admin API under /admin/v1 (shapes fixed by the foundation issue; later features add routes). */
export function adminRoutes(app: FastifyInstance, admin: AdminOperations): void {
  app.post('/admin/v1/users', (request, reply) => answer(reply, 201, () => admin.createUser(request.body)));

  app.get<{ Params: { name: string } }>('/admin/v1/users/:name', (request, reply) =>
    answer(reply, 200, () => admin.showUser(request.params.name)),
  );

  app.post<{ Params: { name: string } }>('/admin/v1/users/:name/api-keys', (request, reply) =>
    answer(reply, 201, () => admin.createApiKey(request.params.name, request.body ?? {})),
  );

  app.delete<{ Params: { apiKey: string } }>('/admin/v1/api-keys/:apiKey', (request, reply) =>
    answer(reply, 200, () => admin.revokeApiKey(request.params.apiKey)),
  );

  app.get('/admin/v1/state', (_request, reply) => answer(reply, 200, () => admin.stateHash()));

  app.get('/admin/v1/audit', (request, reply) => answer(reply, 200, () => admin.auditLog(request.query)));

  app.post('/admin/v1/deposits', (request, reply) => answer(reply, 201, () => admin.deposit(request.body)));

  app.post('/admin/v1/mining-accounts', (request, reply) =>
    answer(reply, 201, () => admin.createMiningAccount(request.body)),
  );

  app.post('/admin/v1/mining/rewards', (request, reply) =>
    answer(reply, 201, () => admin.creditMiningReward(request.body)),
  );

  app.get('/admin/v1/withdrawals', (_request, reply) => answer(reply, 200, () => admin.pendingWithdrawals()));

  app.post<{ Params: { transactionId: string } }>('/admin/v1/withdrawals/:transactionId/complete', (request, reply) =>
    answer(reply, 200, () => admin.completeWithdrawal(request.params.transactionId, request.body ?? {})),
  );

  app.post<{ Params: { transactionId: string } }>('/admin/v1/withdrawals/:transactionId/reject', (request, reply) =>
    answer(reply, 200, () => admin.rejectWithdrawal(request.params.transactionId, request.body ?? {})),
  );

  app.get('/admin/v1/ledger', (_request, reply) => answer(reply, 200, () => admin.ledger()));

  app.post('/admin/v1/index-prices', (request, reply) => answer(reply, 200, () => admin.setIndexPrice(request.body)));

  app.post('/admin/v1/funding/settle', (request, reply) => answer(reply, 200, () => admin.settleFunding(request.body)));

  app.post('/admin/v1/lending-pool', (request, reply) => answer(reply, 200, () => admin.fundLendingPool(request.body)));
}
