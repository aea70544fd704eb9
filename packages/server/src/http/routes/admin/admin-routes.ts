import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminOperations } from '../../../admin/admin-operations.js';
import { adminRoute } from './admin-answer.js';
import { ADMIN_CONTRACTS, type AdminContract, type AdminOperationName } from './admin-contracts.js';

type Params = Record<string, string>;
type Handler = (admin: AdminOperations, request: FastifyRequest<{ Params: Params }>) => Promise<unknown>;

/** What each declared admin route does: one admin operation, given the path's parameters and the body. */
const HANDLERS: Record<AdminOperationName, Handler> = {
  createUser: (admin, r) => admin.createUser(r.body),
  showUser: (admin, r) => admin.showUser(r.params.name ?? ''),
  createApiKey: (admin, r) => admin.createApiKey(r.params.name ?? '', r.body ?? {}),
  revokeApiKey: (admin, r) => admin.revokeApiKey(r.params.apiKey ?? ''),
  stateHash: (admin) => admin.stateHash(),
  auditLog: (admin, r) => admin.auditLog(r.query),
  deposit: (admin, r) => admin.deposit(r.body),
  createMiningAccount: (admin, r) => admin.createMiningAccount(r.body),
  creditMiningReward: (admin, r) => admin.creditMiningReward(r.body),
  pendingWithdrawals: (admin) => admin.pendingWithdrawals(),
  completeWithdrawal: (admin, r) => admin.completeWithdrawal(r.params.transactionId ?? '', r.body ?? {}),
  rejectWithdrawal: (admin, r) => admin.rejectWithdrawal(r.params.transactionId ?? '', r.body ?? {}),
  ledger: (admin) => admin.ledger(),
  setIndexPrice: (admin, r) => admin.setIndexPrice(r.body),
  setUserFee: (admin, r) => admin.setUserFee(r.params.name ?? '', r.body ?? {}),
  settleFunding: (admin, r) => admin.settleFunding(r.body),
  fundLendingPool: (admin, r) => admin.fundLendingPool(r.body),
  listStates: (admin) => admin.listStates(),
  saveState: (admin, r) => admin.saveState(r.body),
  loadState: (admin, r) => admin.loadState(r.params.name ?? ''),
  deleteState: (admin, r) => admin.deleteState(r.params.name ?? ''),
  reset: (admin) => admin.reset(),
};

/** The admin API under /admin/v1: every route of ADMIN_CONTRACTS, documented in the OpenAPI document. */
export function adminRoutes(app: FastifyInstance, admin: AdminOperations): void {
  for (const [name, contract] of Object.entries(ADMIN_CONTRACTS) as [AdminOperationName, AdminContract][]) {
    const handle = HANDLERS[name];
    adminRoute(app, name, contract, (request) => handle(admin, request));
  }
}
