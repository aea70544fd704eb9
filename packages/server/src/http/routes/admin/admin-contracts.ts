import { Type, type TSchema } from 'typebox';

/**
 * One admin route as declared: what the OpenAPI document says of it. The admin operations check
 * their bodies themselves (venue/admin-input.ts), so these schemas document and never validate.
 */
export interface AdminContract {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** Fastify's spelling: `:name` for a path parameter. */
  readonly path: string;
  readonly summary: string;
  readonly successStatus: 200 | 201;
  readonly query?: TSchema;
  readonly body?: TSchema;
  readonly response: TSchema;
}

const Decimal = (description: string): TSchema =>
  Type.Union([Type.String(), Type.Number()], { description: `${description} A plain decimal, string preferred.` });
const Balances = Type.Record(Type.String(), Type.String());
const TransactionIdParam = 'transactionId';

const UserCreated = Type.Object({ name: Type.String(), eea: Type.Boolean() });
const WithdrawalStatus = Type.Object({
  transactionId: Type.String(),
  status: Type.Integer({ description: 'The history status after the operation (reference §7.6).' }),
});

const SavedState = Type.Object({
  name: Type.String(),
  seq: Type.Integer({ description: 'Seq of the last command it holds.' }),
  hash: Type.String({ description: 'The state hash at that seq, as `txc replay` prints it.' }),
  store: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
  savedAt: Type.Integer({ description: 'Milliseconds since the Unix epoch.' }),
  bytes: Type.Integer(),
});

const Problem = Type.String({
  description: 'What keeps it from loading: a part missing or unreadable (damage inside the rows shows on load).',
});

/** A listed state: its description, or only its name when the description itself cannot be read. */
const ListedState = Type.Union([
  Type.Object({ ...SavedState.properties, problem: Type.Optional(Problem) }),
  Type.Object({ name: Type.String(), problem: Problem }),
]);

export const ADMIN_CONTRACTS = {
  createUser: {
    method: 'POST',
    path: '/admin/v1/users',
    summary: 'Create a user',
    successStatus: 201,
    body: Type.Object({
      name: Type.String({ description: 'Letters, digits, `_`, `-`, `.`; 1–64 characters.' }),
      eea: Type.Optional(
        Type.Boolean({ description: 'Whether the user is in the EEA (travel rule); false if absent.' }),
      ),
    }),
    response: UserCreated,
  },
  showUser: {
    method: 'GET',
    path: '/admin/v1/users/:name',
    summary: "A user's balances in every account",
    successStatus: 200,
    response: Type.Object({
      name: Type.String(),
      eea: Type.Boolean(),
      balances: Type.Object({
        main: Balances,
        spot: Type.Record(Type.String(), Type.Object({ available: Type.String(), freeze: Type.String() })),
        collateral: Balances,
      }),
    }),
  },
  createApiKey: {
    method: 'POST',
    path: '/admin/v1/users/:name/api-keys',
    summary: 'Create an API key (its secret is shown once)',
    successStatus: 201,
    body: Type.Object({
      permissions: Type.Optional(
        Type.Array(Type.String(), {
          description: 'Defaults to trading, main-account and mining: withdrawing is opt-in.',
        }),
      ),
      ips: Type.Optional(Type.Array(Type.String(), { description: 'IP addresses or CIDR ranges allowed to sign.' })),
    }),
    response: Type.Object({
      apiKey: Type.String(),
      apiSecret: Type.String(),
      permissions: Type.Array(Type.String()),
      ips: Type.Array(Type.String()),
    }),
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/admin/v1/api-keys/:apiKey',
    summary: 'Revoke an API key (its WebSocket connections are closed)',
    successStatus: 200,
    response: Type.Object({ revoked: Type.Literal(true) }),
  },
  stateHash: {
    method: 'GET',
    path: '/admin/v1/state',
    summary: 'The seq and hash of the committed state (what `txc replay` prints)',
    successStatus: 200,
    response: Type.Object({ seq: Type.Integer(), hash: Type.String() }),
  },
  auditLog: {
    method: 'GET',
    path: '/admin/v1/audit',
    summary: 'The admin audit log, oldest first',
    successStatus: 200,
    query: Type.Object({
      after: Type.Optional(Type.Integer({ minimum: 0, description: 'The `next` of the previous page.' })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
    }),
    response: Type.Object({
      entries: Type.Array(
        Type.Object({
          id: Type.Integer(),
          requestId: Type.String(),
          stage: Type.String({ description: 'Whether the line records the request or its answer.' }),
          time: Type.Integer({ description: 'Milliseconds since the Unix epoch.' }),
          at: Type.String({ description: 'The same instant in ISO 8601.' }),
          actor: Type.String(),
          ip: Type.Union([Type.String(), Type.Null()]),
          action: Type.String(),
          target: Type.String(),
          body: Type.Unknown({ description: 'The redacted request body.' }),
          status: Type.Union([Type.Integer(), Type.Null()]),
        }),
      ),
      next: Type.Union([Type.Integer(), Type.Null()]),
    }),
  },
  deposit: {
    method: 'POST',
    path: '/admin/v1/deposits',
    summary: "Credit a deposit to a user's main account (idempotent on network and txid)",
    successStatus: 201,
    body: Type.Object({
      user: Type.Optional(Type.String({ description: 'Or the owner of `address`.' })),
      ticker: Type.String(),
      amount: Decimal('The amount credited.'),
      network: Type.Optional(Type.String()),
      txid: Type.Optional(Type.String()),
      address: Type.Optional(Type.String({ description: 'A deposit address the venue issued.' })),
      memo: Type.Optional(Type.String()),
    }),
    response: Type.Object({ transactionId: Type.String() }),
  },
  createMiningAccount: {
    method: 'POST',
    path: '/admin/v1/mining-accounts',
    summary: 'Open a mining account for a user',
    successStatus: 201,
    body: Type.Object({ user: Type.String(), name: Type.String() }),
    response: Type.Object({ user: Type.String(), name: Type.String() }),
  },
  creditMiningReward: {
    method: 'POST',
    path: '/admin/v1/mining/rewards',
    summary: 'Credit a mining reward',
    successStatus: 201,
    body: Type.Object({
      user: Type.String(),
      account: Type.String(),
      amount: Decimal('The reward.'),
      fee: Type.Optional(Decimal('The pool fee.')),
      hashRate: Type.Optional(Decimal('Hashes per second.')),
      fppsRate: Type.Optional(Decimal('FPPS rate.')),
      txHash: Type.Optional(Type.String({ description: '64 hex digits.' })),
    }),
    response: Type.Object({ rewardId: Type.Integer() }),
  },
  pendingWithdrawals: {
    method: 'GET',
    path: '/admin/v1/withdrawals',
    summary: 'The withdrawals waiting for the operator',
    successStatus: 200,
    response: Type.Array(
      Type.Object({
        transactionId: Type.String(),
        user: Type.String(),
        uniqueId: Type.String(),
        ticker: Type.String(),
        network: Type.String(),
        address: Type.String(),
        memo: Type.Union([Type.String(), Type.Null()]),
        amount: Type.String(),
        fee: Type.String(),
        feeMode: Type.Union([Type.Literal('pay'), Type.Literal('inclusive')]),
        payout: Type.String(),
        partialEnable: Type.Boolean(),
        createdAt: Type.Integer({ description: 'Unix seconds.' }),
      }),
    ),
  },
  completeWithdrawal: {
    method: 'POST',
    path: `/admin/v1/withdrawals/:${TransactionIdParam}/complete`,
    summary: 'Complete a pending withdrawal (all of it, or `processedAmount` when partial payouts are allowed)',
    successStatus: 200,
    body: Type.Object({
      transactionHash: Type.Optional(Type.String()),
      processedAmount: Type.Optional(Decimal('What was paid out.')),
    }),
    response: WithdrawalStatus,
  },
  rejectWithdrawal: {
    method: 'POST',
    path: `/admin/v1/withdrawals/:${TransactionIdParam}/reject`,
    summary: 'Reject a pending withdrawal (its amount and fee go back to the main account)',
    successStatus: 200,
    body: Type.Object({ reason: Type.Optional(Type.String()) }),
    response: WithdrawalStatus,
  },
  ledger: {
    method: 'GET',
    path: '/admin/v1/ledger',
    summary: "The venue's own accounts and totals, by ticker",
    successStatus: 200,
    response: Type.Object({
      fees: Balances,
      lendingPool: Balances,
      insuranceFund: Balances,
      pendingWithdrawals: Balances,
      deposited: Balances,
      withdrawn: Balances,
    }),
  },
  setUserFee: {
    method: 'POST',
    path: '/admin/v1/users/:name/fees',
    summary: "Set a user's own maker and taker fees, on one market or every market",
    successStatus: 200,
    body: Type.Object({
      market: Type.Optional(
        Type.Union([Type.String(), Type.Null()], {
          description: 'Absent or null: every market without rates of the user’s own.',
        }),
      ),
      makerFee: Type.Union([Type.String(), Type.Number(), Type.Null()], {
        description: 'Percent, 0 to 100 ("0.1" is 0.1 %); null for the market’s rate.',
      }),
      takerFee: Type.Union([Type.String(), Type.Number(), Type.Null()], {
        description:
          'Percent, 0 to 100; null for the market’s rate. On perpetuals a user’s rate only lowers the market’s.',
      }),
    }),
    response: Type.Object({
      user: Type.String(),
      market: Type.Union([Type.String(), Type.Null()]),
      makerFee: Type.Union([Type.String(), Type.Null()]),
      takerFee: Type.Union([Type.String(), Type.Null()]),
    }),
  },
  setIndexPrice: {
    method: 'POST',
    path: '/admin/v1/index-prices',
    summary: "Set an asset's index price in USDT",
    successStatus: 200,
    body: Type.Object({ ticker: Type.String(), price: Decimal('The price in USDT.') }),
    response: Type.Object({ ticker: Type.String(), price: Type.String() }),
  },
  settleFunding: {
    method: 'POST',
    path: '/admin/v1/funding/settle',
    summary: "Settle a perpetual's funding period now",
    successStatus: 200,
    body: Type.Object({ market: Type.String() }),
    response: Type.Object({
      market: Type.String(),
      fundingRate: Type.String(),
      settledAt: Type.Integer({ description: 'Unix milliseconds.' }),
    }),
  },
  fundLendingPool: {
    method: 'POST',
    path: '/admin/v1/lending-pool',
    summary: 'Put money into the lending pool',
    successStatus: 200,
    body: Type.Object({ ticker: Type.String(), amount: Decimal('The amount added.') }),
    response: Type.Object({ ticker: Type.String(), amount: Type.String(), lendingPool: Type.String() }),
  },
  listStates: {
    method: 'GET',
    path: '/admin/v1/states',
    summary: 'The saved states of the venue',
    successStatus: 200,
    response: Type.Array(ListedState),
  },
  saveState: {
    method: 'POST',
    path: '/admin/v1/states',
    summary: 'Save the venue as it stands, under a name',
    successStatus: 201,
    body: Type.Object({
      name: Type.String({ description: 'Letters, digits, `_`, `-`, `.`; 1–64 characters.' }),
      replace: Type.Optional(Type.Boolean({ description: 'Overwrite a saved state of that name.' })),
    }),
    response: SavedState,
  },
  loadState: {
    method: 'POST',
    path: '/admin/v1/states/:name/load',
    summary: 'Load a saved state in place of the venue (requests answer 503 meanwhile)',
    successStatus: 200,
    response: SavedState,
  },
  deleteState: {
    method: 'DELETE',
    path: '/admin/v1/states/:name',
    summary: 'Delete a saved state',
    successStatus: 200,
    response: Type.Object({ deleted: Type.String() }),
  },
  reset: {
    method: 'POST',
    path: '/admin/v1/reset',
    summary: 'Return a demo venue to its first state',
    successStatus: 200,
    response: SavedState,
  },
} as const satisfies Record<string, AdminContract>;

export type AdminOperationName = keyof typeof ADMIN_CONTRACTS;
