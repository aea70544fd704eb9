import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AdminError } from '../../../admin/admin-input.js';
import type { FaultBoard } from '../../../faults/fault-board.js';
import { FAULT_ROUTE_GROUPS, type FaultTargets } from '../../../faults/fault-rule.js';
import { adminRoute } from './admin-answer.js';
import type { AdminContract } from './admin-contracts.js';

const Rule = Type.Object(
  {
    id: Type.Integer(),
    type: Type.Union(['latency', 'error', 'closeSockets', 'pauseStream', 'haltMarket'].map((t) => Type.Literal(t))),
    createdAt: Type.Integer({ description: 'Unix milliseconds.' }),
    expiresAt: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix milliseconds; null until cleared.' }),
  },
  { additionalProperties: true, description: 'The rule as it holds, with the fields of its type.' },
);

/** The sandbox's fault rules (sandboxes only: `--demo` or `--allow-faults`). */
export const FAULT_CONTRACTS = {
  listFaults: {
    method: 'GET',
    path: '/admin/v1/faults',
    summary: 'The fault rules in force',
    successStatus: 200,
    response: Type.Array(Rule),
  },
  addFault: {
    method: 'POST',
    path: '/admin/v1/faults',
    summary: 'Inject a fault (sandboxes only)',
    successStatus: 201,
    body: Type.Object({
      type: Type.String({ description: 'latency, error, closeSockets, pauseStream or haltMarket.' }),
      seconds: Type.Optional(
        Type.Integer({ description: 'How long the rule lasts (required for pauseStream); until cleared if absent.' }),
      ),
      routes: Type.Optional(
        Type.Union([Type.String(), Type.Array(Type.String())], {
          description: `latency and error: route groups, of ${FAULT_ROUTE_GROUPS.join(', ')}; all by default.`,
        }),
      ),
      ms: Type.Optional(Type.Integer({ description: 'latency: the delay, or its bound when random.' })),
      random: Type.Optional(Type.Boolean({ description: 'latency: a uniform draw from 0 to ms.' })),
      status: Type.Optional(Type.Integer({ description: 'error: 503 (default) or 429, in the API’s bodies.' })),
      share: Type.Optional(Type.String({ description: 'error: the share of requests refused, above 0 to 1.' })),
      afterSeconds: Type.Optional(
        Type.Integer({ description: 'closeSockets: each socket closes (1012) this long after it opened.' }),
      ),
      channel: Type.Optional(Type.String({ description: 'pauseStream: the channel whose updates stop.' })),
      market: Type.Optional(Type.String({ description: 'haltMarket: the market whose orders are refused.' })),
    }),
    response: Rule,
  },
  clearFaults: {
    method: 'DELETE',
    path: '/admin/v1/faults',
    summary: 'Clear every fault rule',
    successStatus: 200,
    response: Type.Object({ cleared: Type.Integer() }),
  },
  clearFault: {
    method: 'DELETE',
    path: '/admin/v1/faults/:id',
    summary: 'Clear one fault rule',
    successStatus: 200,
    response: Type.Object({ cleared: Type.Integer() }),
  },
} as const satisfies Record<string, AdminContract>;

/** The admin routes of the fault rules; `targets` says which markets and channels a rule may name. */
export function faultRoutes(app: FastifyInstance, board: FaultBoard, targets: () => FaultTargets): void {
  const { listFaults, addFault, clearFaults, clearFault } = FAULT_CONTRACTS;
  adminRoute(app, 'listFaults', listFaults, () => board.list());
  adminRoute(app, 'addFault', addFault, (request) => board.add(request.body, targets()));
  adminRoute(app, 'clearFaults', clearFaults, () => ({ cleared: board.clear() }));
  adminRoute(app, 'clearFault', clearFault, (request) => {
    const id = Number(request.params.id);
    if (!Number.isSafeInteger(id) || !board.remove(id)) {
      throw new AdminError('adminNotFound', `No fault rule ${request.params.id}.`);
    }
    return { cleared: 1 };
  });
}
