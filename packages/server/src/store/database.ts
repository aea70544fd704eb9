import type { Generated } from 'kysely';

/** The tables of a txc store, as Kysely sees them. Money columns hold integer minor units as text. */
export interface Database {
  journal: JournalTable;
  snapshots: SnapshotsTable;
  api_keys: ApiKeysTable;
  api_nonces: ApiNoncesTable;
  api_window_nonces: ApiWindowNoncesTable;
  meta: MetaTable;
  admin_audit: AdminAuditTable;
  wallet_transactions: WalletTransactionsTable;
  mining_rewards: MiningRewardsTable;
  deals: DealsTable;
  finished_orders: FinishedOrdersTable;
  user_deals: UserDealsTable;
  user_finished_orders: UserFinishedOrdersTable;
  position_changes: PositionChangesTable;
  funding_settlements: FundingSettlementsTable;
  funding_payments: FundingPaymentsTable;
  candles: CandlesTable;
  cluster_lease: ClusterLeaseTable;
}

export interface JournalTable {
  seq: number;
  time: number;
  command: string;
}

export interface SnapshotsTable {
  seq: number;
  time: number;
  state: string;
  hash: string;
}

export interface ApiKeysTable {
  api_key: string;
  secret: string;
  user_name: string;
  /** JSON array. */
  permissions: string;
  /** JSON array. */
  ips: string;
  created_at: number;
  revoked_at: number | null;
  /** JSON SubAccountKeyProfile; null for keys the operator made. */
  sub_account_key: string | null;
}

export interface ApiNoncesTable {
  api_key: string;
  high_water: number;
}

export interface ApiWindowNoncesTable {
  api_key: string;
  nonce: number;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** The admin audit log: append-only (the database refuses UPDATE and DELETE on it). */
export interface AdminAuditTable {
  /** Generated: the order lines were committed in. */
  id: Generated<number>;
  request_id: string;
  /** `request` or `response`. */
  stage: string;
  /** Milliseconds since the Unix epoch. */
  time: number;
  actor: string;
  ip: string | null;
  action: string;
  target: string;
  body: string | null;
  status: number | null;
}

/** Deposits and withdrawals of main accounts, as the history endpoint lists them. */
export interface WalletTransactionsTable {
  transaction_id: string;
  user_name: string;
  /** 1 deposit, 2 withdrawal. */
  method: number;
  ticker: string;
  /** Minor units. */
  amount: string;
  fee: string;
  network: string | null;
  address: string | null;
  memo: string | null;
  transaction_hash: string | null;
  unique_id: string | null;
  status: number;
  /** Microseconds since the Unix epoch. */
  created_at: number;
  updated_at: number;
  /** JSON object or null. */
  details: string | null;
  /** Why a withdrawal was cancelled; null otherwise. */
  description: string | null;
}

/** Rewards paid to mining accounts, as the mining rewards endpoint lists them. */
export interface MiningRewardsTable {
  reward_id: number;
  user_name: string;
  account_name: string;
  reward_currency: string;
  /** Minor units: reward + fee. */
  total_reward: string;
  /** Minor units: what the account received. */
  reward: string;
  fee: string;
  /** Decimal text, as reported with the reward. */
  fpps_rate: string;
  hash_rate: string;
  /** `main_balance` or `external_address`. */
  payout_destination: string;
  payout_address: string | null;
  payout_transaction_hash: string | null;
  /** Microseconds since the Unix epoch. */
  payout_time: number;
}

/** One side of a trade (role 1 maker, 2 taker); integers of the market (ticks, lots, fine notional) and fee in minor units. */
export interface DealsTable {
  trade_id: number;
  role: number;
  market: string;
  user_name: string;
  account: string;
  order_id: number;
  client_order_id: string;
  side: string;
  price: string;
  lots: string;
  notional: string;
  fee: string;
  rpi: number;
  /** Microseconds since the Unix epoch. */
  time: number;
}

/** An order that left the book for good; `data` is the engine's OrderView in canonical JSON. */
export interface FinishedOrdersTable {
  order_id: number;
  user_name: string;
  market: string;
  client_order_id: string;
  status: string;
  created: number;
  finished: number;
  data: string;
  /** The journal seq of the command that finished it; null for orders finished before it was kept. */
  seq: number | null;
  /** Why it was cancelled (core's CancelReason); null for other ends and orders finished before it was kept. */
  cancel_reason: string | null;
}

/** The keys of a user's deals up to the deals cursor (store/user-history.ts). */
export interface UserDealsTable {
  user_name: string;
  trade_id: number;
  role: number;
}

/** The ids of a user's finished orders up to the finished orders cursor (store/user-history.ts). */
export interface UserFinishedOrdersTable {
  user_name: string;
  order_id: number;
}

/** A position after one change; `data` is the engine's PositionChanged event in canonical JSON. */
export interface PositionChangesTable {
  change_id: number;
  user_name: string;
  market: string;
  position_id: number;
  /** Microseconds since the Unix epoch. */
  time: number;
  data: string;
}

/** Times in microseconds since the Unix epoch; rates over 10^18; the mark price as ticks mark_num / mark_den. */
export interface FundingSettlementsTable {
  market: string;
  settled_at: number;
  period_start: number;
  rate: string;
  mark_num: string;
  mark_den: string;
  paid: string;
  received: string;
  residue: string;
}

/** One position's payment: `amount` is what its account gained (negative: paid); `size` in lots, negative short. */
export interface FundingPaymentsTable {
  user_name: string;
  market: string;
  position_id: number;
  position_side: string;
  settled_at: number;
  period_start: number;
  rate: string;
  size: number;
  amount: string;
  mark_num: string;
  mark_den: string;
}

/**
 * One candle of a market at a base interval: the trades whose time falls in
 * [open_time, open_time + interval_s). Prices and volumes are exact decimal text (prices at the
 * market's money precision, `volume_stock` in stock, `volume_money` the exact notional in money).
 */
export interface CandlesTable {
  market: string;
  /** 60, 3600 or 86400. */
  interval_s: number;
  /** Unix seconds, a multiple of interval_s. */
  open_time: number;
  open: string;
  close: string;
  high: string;
  low: string;
  volume_stock: string;
  volume_money: string;
}

/** The one row (id 1) of a cluster's leadership lease (cluster/lease.ts). */
export interface ClusterLeaseTable {
  id: number;
  /** A random name of the cluster, chosen by the first node: the prefix of its NATS subjects. */
  cluster: string;
  /** Grows by one at every takeover: the fence a leader's writes are checked against. */
  epoch: number;
  /** The node id of the leader, null before the first. */
  holder: string | null;
  /** When the lease lapses unless renewed (the database's clock). */
  expires_at: Date | null;
}
