import type { AssetSpec } from '../spec/asset.js';
import type { BookFactory } from '../book/book.js';
import type { MarketSpec } from '../spec/market.js';
import type { DepositAddress, DepositAddressOwner } from './deposit-address.js';
import { createTradingState, type TradingState } from './trading-state.js';
import { createCollateralState, type CollateralState } from './collateral-state.js';
import { createLedger, type Ledger } from './ledger.js';
import { createMiningState, type MiningState } from './mining.js';
import { createCodesState, type CodesState } from './codes.js';
import type { UserFees } from './user-fees.js';
import type { OcoGroups } from './oco-groups.js';
import type { KillSwitches } from './kill-switches.js';
import type { SubAccounts } from './sub-accounts.js';
import type { User } from './user.js';
import type { FundingState } from './funding-state.js';
import type { PendingWithdrawal } from './withdrawal.js';
import type { HeldWithdrawals } from './held-withdrawals.js';

export interface CreditedDeposit {
  readonly transactionId: string;
  readonly user: string;
  readonly ticker: string;
  readonly amount: bigint;
}

/** The whole engine state. Only `apply` changes it, one command at a time. */
export interface State {
  /** Sequence number of the last applied command (0 before the first). */
  seq: number;
  /** Timestamp of the last applied command, microseconds since the Unix epoch. */
  time: number;
  /** The version of the engine's rules in force (state/rules.ts): 1 until a command adopts a newer one. */
  rules: number;
  readonly assets: Map<string, AssetSpec>;
  readonly markets: Map<string, MarketSpec>;
  readonly users: Map<string, User>;
  nextUserId: number;
  /** Credited deposits by their idempotency key `network:txid`. */
  readonly deposits: Map<string, CreditedDeposit>;
  readonly ledger: Ledger;
  /** Mining pool accounts and their payout settings. */
  readonly mining: MiningState;
  /** Withdrawals not yet completed or cancelled, by transaction id. */
  readonly withdrawals: Map<string, PendingWithdrawal>;
  /** Sub-accounts' withdrawals waiting for their main accounts' confirmation (state/held-withdrawals.ts). */
  readonly heldWithdrawals: HeldWithdrawals;
  /** Every withdrawal ever requested, by `withdrawalKey(user, uniqueId)` → transaction id. */
  readonly withdrawalIds: Map<string, string>;
  /** Deposit addresses by `depositAddressKey(user, ticker, network)`; the first is the persistent one. */
  readonly depositAddresses: Map<string, DepositAddress[]>;
  /** Who each deposit address (and memo) belongs to, by `depositOwnerKey`. */
  readonly depositOwners: Map<string, DepositAddressOwner>;
  /** Next derivation index per counter (a chain and address type). */
  readonly addressCounters: Map<string, number>;
  /** Books, trigger lists, open orders and index prices. */
  readonly trading: TradingState;
  /** Collateral accounts' settings, positions and loans; OTO groups; lending pool reservations. */
  readonly collateral: CollateralState;
  /** Each perpetual's funding period, by market. */
  readonly funding: Map<string, FundingState>;
  /** Codes created and applied (state/codes.ts). */
  readonly codes: CodesState;
  /** Users' own fee rates (state/user-fees.ts). */
  readonly userFees: UserFees;
  /** Armed kill-switches (state/kill-switches.ts). */
  readonly killSwitches: KillSwitches;
  /** Live OCO groups, by leg (state/oco-groups.ts). */
  readonly ocos: OcoGroups;
  /** Sub-accounts, by id (state/sub-accounts.ts). */
  readonly subAccounts: SubAccounts;
}

export interface StateOptions {
  /** The book implementation (the fast book unless a test asks for the naive one). */
  readonly book?: BookFactory;
}

export function createState(options: StateOptions = {}): State {
  return {
    seq: 0,
    time: 0,
    rules: 1,
    assets: new Map(),
    markets: new Map(),
    users: new Map(),
    nextUserId: 1,
    deposits: new Map(),
    ledger: createLedger(),
    mining: createMiningState(),
    withdrawals: new Map(),
    heldWithdrawals: new Map(),
    withdrawalIds: new Map(),
    depositAddresses: new Map(),
    depositOwners: new Map(),
    addressCounters: new Map(),
    trading: createTradingState(options.book),
    collateral: createCollateralState(),
    funding: new Map(),
    codes: createCodesState(),
    userFees: new Map(),
    killSwitches: new Map(),
    ocos: new Map(),
    subAccounts: new Map(),
  };
}
