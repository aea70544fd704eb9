import { Type } from 'typebox';
import type { PrivateEndpoint } from '../../endpoint.js';
import { RATE_LIMITS } from '../../rate-limits.js';
import { AuthFields, DecimalString, Ticker } from '../../schemas.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

const PartialDetails = Type.Object({
  requestAmount: DecimalString,
  processedAmount: DecimalString,
  processedFee: DecimalString,
  normalizeTransaction: Type.String(),
});

/** One deposit or withdrawal: camelCase fields as deployed clients read them, plus snake_case aliases. */
export const WalletTransaction = Type.Object({
  address: Nullable(Type.String()),
  uniqueId: Nullable(Type.String()),
  unique_id: Nullable(Type.String()),
  transactionId: Type.String(),
  transaction_id: Type.String(),
  createdAt: Type.Integer({ description: 'Unix seconds' }),
  created_at: Type.Integer(),
  currency: Type.String(),
  ticker: Ticker,
  /** 1 deposit, 2 withdrawal. */
  method: Type.Union([Type.Literal(1), Type.Literal(2)]),
  amount: DecimalString,
  description: Nullable(Type.String()),
  memo: Nullable(Type.String()),
  fee: DecimalString,
  /** Reference §7.6: 15 pending, 3 successful, 4 cancelled, 18 partially successful. */
  status: Type.Integer(),
  network: Nullable(Type.String()),
  transactionHash: Nullable(Type.String()),
  transaction_hash: Nullable(Type.String()),
  centralized: Type.Boolean(),
  details: Type.Object({ partial: Nullable(PartialDetails) }),
  confirmations: Type.Optional(Type.Object({ actual: Type.Integer(), required: Type.Integer() })),
});

/** Reference §7.6: deposits and withdrawals, newest first. */
export const mainAccountHistory = {
  kind: 'private',
  method: 'POST',
  path: '/api/v4/main-account/history',
  summary: 'Deposit and withdrawal history',
  follows: 'reference §7.6',
  permission: 'main-account',
  request: Type.Object({
    ...AuthFields,
    transactionMethod: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
    ticker: Type.Optional(Ticker),
    address: Type.Optional(Type.String()),
    addresses: Type.Optional(Type.Array(Type.String(), { maxItems: 20 })),
    memo: Type.Optional(Type.String()),
    uniqueId: Type.Optional(Type.String()),
    unique_id: Type.Optional(Type.String()),
    status: Type.Optional(Type.Array(Type.Integer())),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000, default: 0 })),
  }),
  response: Type.Object({
    limit: Type.Integer(),
    offset: Type.Integer(),
    total: Type.Integer(),
    records: Type.Array(WalletTransaction),
  }),
  successStatus: 200,
  rateLimit: RATE_LIMITS.mainAccountHistory,
} as const satisfies PrivateEndpoint;
