import {
  formatUnits,
  INDEX_PRICE_DECIMALS,
  parseUnits,
  rateToDecimal,
  receivedAmount,
  type FeeMode,
  type Rejection,
} from '@txc/core';
import { AdminError, optionalString, record, requiredString } from './admin-input.js';
import { creditMiningReward, openMiningAccount, type MiningAccountRef } from './mining-admin.js';
import { PERMISSIONS, type Permission } from '@txc/sdk';
import { DepositIntake } from '../wallet/deposit-intake.js';
import { WALLET_STATUS } from '../wallet/wallet-status.js';
import { stateHash } from './state-hash.js';
import { readAuditLog, type AuditPage } from './audit-log.js';
import { invalidAllowListEntries, MAX_ALLOW_LIST_ENTRIES } from './ip-allow-list.js';
import { userNameProblem } from './user-name.js';
import type { Venue } from './venue.js';

export { AdminError };

export interface UserView {
  readonly name: string;
  readonly eea: boolean;
  readonly balances: {
    readonly main: Record<string, string>;
    readonly spot: Record<string, { available: string; freeze: string }>;
    readonly collateral: Record<string, string>;
  };
}

export interface CreatedApiKey {
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly permissions: Permission[];
  readonly ips: string[];
}

/** What operators and test suites can do to a venue: the admin API and the CLI share it. */
export interface AdminOperations {
  createUser(input: unknown): Promise<{ name: string; eea: boolean }>;
  showUser(name: string): Promise<UserView>;
  createApiKey(user: string, input: unknown): Promise<CreatedApiKey>;
  revokeApiKey(apiKey: string): Promise<{ revoked: true }>;
  deposit(input: unknown): Promise<{ transactionId: string }>;
  createMiningAccount(input: unknown): Promise<MiningAccountRef>;
  creditMiningReward(input: unknown): Promise<{ rewardId: number }>;
  pendingWithdrawals(): Promise<PendingWithdrawalView[]>;
  completeWithdrawal(transactionId: string, input: unknown): Promise<WithdrawalStatusView>;
  rejectWithdrawal(transactionId: string, input: unknown): Promise<WithdrawalStatusView>;
  setIndexPrice(input: unknown): Promise<{ ticker: string; price: string }>;
  /** Puts money into the lending pool (`{ticker, amount}`); answers the pool's balance. */
  fundLendingPool(input: unknown): Promise<{ ticker: string; amount: string; lendingPool: string }>;
  /** Settles a perpetual's funding period now (`{market}`), ahead of its boundary. */
  settleFunding(input: unknown): Promise<FundingSettledView>;
  ledger(): Promise<LedgerView>;
  /** The seq and hash of the committed state (what `txc replay` prints for the same journal). */
  stateHash(): Promise<{ seq: number; hash: string }>;
  /** The admin audit log, oldest first (`{after?, limit?}`). */
  auditLog(input: unknown): Promise<AuditPage>;
}

/** The venue's own accounts (fees, lending pool, insurance fund, pending withdrawals) and its totals, by ticker. */
export type LedgerView = Record<
  'fees' | 'lendingPool' | 'insuranceFund' | 'pendingWithdrawals' | 'deposited' | 'withdrawn',
  Record<string, string>
>;

/** A funding settlement: the rate it settled at, and when (Unix milliseconds). */
export interface FundingSettledView {
  readonly market: string;
  readonly fundingRate: string;
  readonly settledAt: number;
}

/** A withdrawal waiting for the operator (or the simulated chain). */
export interface PendingWithdrawalView {
  readonly transactionId: string;
  readonly user: string;
  readonly uniqueId: string;
  readonly ticker: string;
  readonly network: string;
  readonly address: string;
  readonly memo: string | null;
  readonly amount: string;
  readonly fee: string;
  /** `pay` (withdraw-pay): the fee was debited on top of `amount`; `inclusive` (withdraw): it is part of it. */
  readonly feeMode: FeeMode;
  /** What the receiver gets, the amount to send: `amount`, less `fee` when inclusive. */
  readonly payout: string;
  readonly partialEnable: boolean;
  /** Unix seconds. */
  readonly createdAt: number;
}

/** The withdrawal's history status after the operation (reference §7.6 numbers). */
export interface WithdrawalStatusView {
  readonly transactionId: string;
  readonly status: number;
}

/** Keys get every permission but withdrawing unless asked: moving funds out is opt-in. */
export const DEFAULT_KEY_PERMISSIONS: readonly Permission[] = ['trading', 'main-account', 'mining'];

function stringList(body: Record<string, unknown>, field: string): string[] | undefined {
  const v = body[field];
  if (v === undefined) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
    throw new AdminError('adminBadRequest', `${field} must be an array of strings.`);
  }
  return v as string[];
}

function rejected(r: Rejection): AdminError {
  switch (r.reason) {
    case 'USER_EXISTS':
      return new AdminError('adminConflict', `User ${r.params?.user} already exists.`);
    case 'UNKNOWN_USER':
      return new AdminError('adminNotFound', `User ${r.params?.user} not found.`);
    case 'DEPOSIT_TXID_CONFLICT':
      return new AdminError('adminConflict', `Transaction ${r.params?.txid} was already credited with other details.`);
    case 'ASSET_NOT_DEPOSITABLE':
      return new AdminError('adminConflict', `Deposits of ${r.params?.ticker} are disabled.`);
    default:
      return new AdminError('adminBadRequest', `Refused: ${r.reason}.`);
  }
}

/** A positive amount given as a decimal string (or number) of at most `precision` places, in minor units. */
function decimalAmount(raw: unknown, precision: number): bigint {
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    throw new AdminError('adminBadRequest', 'amount must be a decimal string.');
  }
  const amount = parseUnits(String(raw), precision);
  if (amount === undefined) {
    throw new AdminError('adminBadRequest', `amount must be a plain decimal with at most ${precision} decimal places.`);
  }
  if (amount <= 0n) throw new AdminError('adminBadRequest', 'amount must be greater than 0.');
  return amount;
}

/** The admin operations, applied to a venue in this process. */
export class LocalAdmin implements AdminOperations {
  constructor(private readonly venue: Venue) {}

  async createUser(input: unknown): Promise<{ name: string; eea: boolean }> {
    const body = record(input, ['name', 'eea']);
    const name = requiredString(body, 'name');
    const problem = userNameProblem(name);
    if (problem !== undefined) throw new AdminError('adminBadRequest', problem);
    const eea = body.eea ?? false;
    if (typeof eea !== 'boolean') throw new AdminError('adminBadRequest', 'eea must be a boolean.');
    const { result } = await this.venue.submit({ type: 'CreateUser', name, eea });
    if (!result.ok) throw rejected(result.rejection);
    return result.value;
  }

  async showUser(name: string): Promise<UserView> {
    const user = this.venue.state.users.get(name);
    if (user === undefined) throw new AdminError('adminNotFound', `User ${name} not found.`);
    const precision = (ticker: string): number => this.venue.state.assets.get(ticker)?.precision ?? 0;
    const view: UserView = {
      name: user.name,
      eea: user.eea,
      balances: {
        main: Object.fromEntries([...user.main].sort().map(([t, v]) => [t, formatUnits(v, precision(t))])),
        spot: Object.fromEntries(
          [...user.spot]
            .sort()
            .map(([t, b]) => [
              t,
              { available: formatUnits(b.available, precision(t)), freeze: formatUnits(b.freeze, precision(t)) },
            ]),
        ),
        collateral: Object.fromEntries([...user.collateral].sort().map(([t, v]) => [t, formatUnits(v, precision(t))])),
      },
    };
    await this.venue.barrier();
    return view;
  }

  async createApiKey(user: string, input: unknown): Promise<CreatedApiKey> {
    const body = record(input ?? {}, ['permissions', 'ips']);
    const permissions = stringList(body, 'permissions') ?? [...DEFAULT_KEY_PERMISSIONS];
    // a key without a permission could sign nothing: asking for one is a mistake, not a choice
    if (permissions.length === 0) {
      throw new AdminError('adminBadRequest', `permissions must name at least one of ${PERMISSIONS.join(', ')}.`);
    }
    const unknown = permissions.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
    if (unknown.length > 0) {
      throw new AdminError(
        'adminBadRequest',
        `Unknown permissions: ${unknown.join(', ')}. Known: ${PERMISSIONS.join(', ')}.`,
      );
    }
    const ips = stringList(body, 'ips') ?? [];
    const badIps = invalidAllowListEntries(ips);
    if (badIps.length > 0) {
      throw new AdminError('adminBadRequest', `ips must be IP addresses or CIDR ranges: ${badIps.join(', ')}.`);
    }
    if (ips.length > MAX_ALLOW_LIST_ENTRIES) {
      throw new AdminError('adminBadRequest', `ips may hold at most ${MAX_ALLOW_LIST_ENTRIES} entries.`);
    }
    if (!this.venue.state.users.has(user)) throw new AdminError('adminNotFound', `User ${user} not found.`);
    const granted = [...new Set(permissions)] as Permission[];
    const { record: key, secret, durable } = this.venue.createApiKey(user, granted, [...new Set(ips)]);
    await durable;
    return { apiKey: key.apiKey, apiSecret: secret, permissions: [...key.permissions], ips: [...key.ips] };
  }

  async revokeApiKey(apiKey: string): Promise<{ revoked: true }> {
    const entry = this.venue.keys.get(apiKey);
    if (entry === undefined) throw new AdminError('adminNotFound', 'API key not found.');
    if (entry.record.revokedAt !== null) throw new AdminError('adminConflict', 'API key is already revoked.');
    await this.venue.revokeApiKey(entry.record);
    return { revoked: true };
  }

  async ledger(): Promise<LedgerView> {
    const state = this.venue.state;
    const render = (m: ReadonlyMap<string, bigint>): Record<string, string> =>
      Object.fromEntries(
        [...m]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([t, v]) => [t, formatUnits(v, state.assets.get(t)?.precision ?? 0)]),
      );
    const l = state.ledger;
    const view: LedgerView = {
      fees: render(l.fees),
      lendingPool: render(l.lendingPool),
      insuranceFund: render(l.insuranceFund),
      pendingWithdrawals: render(l.pendingWithdrawals),
      deposited: render(l.deposited),
      withdrawn: render(l.withdrawn),
    };
    await this.venue.barrier();
    return view;
  }

  /** Sets an asset's index price in USDT (`{ticker, price}`); answers the price as stored. */
  async setIndexPrice(input: unknown): Promise<{ ticker: string; price: string }> {
    const body = record(input, ['ticker', 'price']);
    const ticker = requiredString(body, 'ticker');
    const raw = body.price;
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      throw new AdminError('adminBadRequest', 'price must be a decimal string.');
    }
    if (!this.venue.state.assets.has(ticker)) throw new AdminError('adminBadRequest', `Unknown ticker ${ticker}.`);
    const price = parseUnits(String(raw), INDEX_PRICE_DECIMALS);
    if (price === undefined) {
      throw new AdminError(
        'adminBadRequest',
        `price must be a plain decimal with at most ${INDEX_PRICE_DECIMALS} decimal places.`,
      );
    }
    if (price <= 0n) throw new AdminError('adminBadRequest', 'price must be greater than 0.');
    const { result } = await this.venue.submit({ type: 'SetIndexPrice', ticker, price });
    if (!result.ok) throw rejected(result.rejection);
    return { ticker, price: formatUnits(result.value.price, INDEX_PRICE_DECIMALS) };
  }

  async settleFunding(input: unknown): Promise<FundingSettledView> {
    const market = requiredString(record(input, ['market']), 'market');
    const spec = this.venue.state.markets.get(market);
    if (spec?.type !== 'futures') throw new AdminError('adminBadRequest', `${market} is not a perpetual market.`);
    const { result } = await this.venue.submit({ type: 'SettleFunding', market, early: true });
    if (!result.ok) {
      if (result.rejection.reason === 'INDEX_PRICE_MISSING') {
        throw new AdminError('adminConflict', `${market} has no index price to settle at.`);
      }
      throw rejected(result.rejection);
    }
    return {
      market,
      fundingRate: rateToDecimal(result.value.rate),
      settledAt: Math.floor(result.value.settledAt / 1000),
    };
  }

  async fundLendingPool(input: unknown): Promise<{ ticker: string; amount: string; lendingPool: string }> {
    const body = record(input, ['ticker', 'amount']);
    const ticker = requiredString(body, 'ticker');
    const asset = this.venue.state.assets.get(ticker);
    if (asset === undefined) throw new AdminError('adminBadRequest', `Unknown ticker ${ticker}.`);
    const amount = decimalAmount(body.amount, asset.precision);
    const { result } = await this.venue.submit({ type: 'FundLendingPool', ticker, amount });
    if (!result.ok) throw rejected(result.rejection);
    return {
      ticker,
      amount: formatUnits(result.value.amount, asset.precision),
      lendingPool: formatUnits(result.value.pool, asset.precision),
    };
  }

  async deposit(input: unknown): Promise<{ transactionId: string }> {
    const body = record(input, ['user', 'ticker', 'amount', 'network', 'txid', 'address', 'memo']);
    const user = optionalString(body, 'user');
    const ticker = requiredString(body, 'ticker');
    const rawAmount = body.amount;
    if (typeof rawAmount !== 'string' && typeof rawAmount !== 'number') {
      throw new AdminError('adminBadRequest', 'amount must be a decimal string.');
    }
    const asset = this.venue.state.assets.get(ticker);
    if (asset === undefined) throw new AdminError('adminBadRequest', `Unknown ticker ${ticker}.`);
    const amount = decimalAmount(rawAmount, asset.precision);
    const report = await new DepositIntake(this.venue).report({
      ticker,
      amount,
      network: optionalString(body, 'network'),
      txid: optionalString(body, 'txid'),
      address: optionalString(body, 'address'),
      memo: optionalString(body, 'memo'),
      ...(user === null ? {} : { user }),
    });
    if (report.ok) return { transactionId: report.transactionId };
    const kind = { 'bad-request': 'adminBadRequest', 'not-found': 'adminNotFound', conflict: 'adminConflict' } as const;
    throw new AdminError(kind[report.refusal], report.detail);
  }

  async pendingWithdrawals(): Promise<PendingWithdrawalView[]> {
    const state = this.venue.state;
    const views = [...state.withdrawals.values()]
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((w) => {
        const precision = state.assets.get(w.ticker)?.precision ?? 0;
        return {
          transactionId: w.transactionId,
          user: w.user,
          uniqueId: w.uniqueId,
          ticker: w.ticker,
          network: w.network,
          address: w.address,
          memo: w.memo,
          amount: formatUnits(w.amount, precision),
          fee: formatUnits(w.fee, precision),
          feeMode: w.feeMode,
          payout: formatUnits(receivedAmount(w.feeMode, w.amount, w.fee), precision),
          partialEnable: w.partialEnable,
          createdAt: Math.floor(w.createdAt / 1_000_000),
        };
      });
    await this.venue.barrier();
    return views;
  }

  async completeWithdrawal(transactionId: string, input: unknown): Promise<WithdrawalStatusView> {
    const body = record(input ?? {}, ['transactionHash', 'processedAmount']);
    const transactionHash = optionalString(body, 'transactionHash');
    const pending = this.venue.state.withdrawals.get(transactionId);
    if (pending === undefined) return this.notPending(transactionId);
    let processedAmount: bigint | null = null;
    const rawProcessed = body.processedAmount;
    if (rawProcessed !== undefined && rawProcessed !== null) {
      const precision = this.venue.state.assets.get(pending.ticker)?.precision ?? 0;
      processedAmount = typeof rawProcessed === 'string' ? (parseUnits(rawProcessed, precision) ?? null) : null;
      if (processedAmount === null || processedAmount <= 0n || processedAmount > pending.amount) {
        throw new AdminError(
          'adminBadRequest',
          `processedAmount must be a decimal above 0 and at most the requested ${formatUnits(pending.amount, precision)}.`,
        );
      }
    }
    const { result } = await this.venue.submit({
      type: 'CompleteWithdrawal',
      transactionId,
      transactionHash,
      processedAmount,
    });
    if (!result.ok) {
      switch (result.rejection.reason) {
        case 'UNKNOWN_WITHDRAWAL':
          return this.notPending(transactionId);
        case 'WITHDRAWAL_PARTIAL_NOT_ENABLED':
          throw new AdminError('adminConflict', `Withdrawal ${transactionId} was not requested with partialEnable.`);
        default:
          throw new AdminError('adminBadRequest', `processedAmount leaves nothing for the receiver after the fee.`);
      }
    }
    return {
      transactionId,
      status: result.value.partial ? WALLET_STATUS.partiallySuccessful : WALLET_STATUS.successful,
    };
  }

  async rejectWithdrawal(transactionId: string, input: unknown): Promise<WithdrawalStatusView> {
    const body = record(input ?? {}, ['reason']);
    const reason = optionalString(body, 'reason');
    const { result } = await this.venue.submit({ type: 'CancelWithdrawal', transactionId, reason });
    if (!result.ok) return this.notPending(transactionId);
    return { transactionId, status: WALLET_STATUS.cancelled };
  }

  /** 409 when the withdrawal exists but is finished, 404 when there is no such withdrawal. */
  private async notPending(transactionId: string): Promise<never> {
    await this.venue.barrier();
    const row = await this.venue.store.db
      .selectFrom('wallet_transactions')
      .select('status')
      .where('transaction_id', '=', transactionId)
      .where('method', '=', 2)
      .executeTakeFirst();
    if (row === undefined) throw new AdminError('adminNotFound', `Withdrawal ${transactionId} not found.`);
    throw new AdminError('adminConflict', `Withdrawal ${transactionId} is no longer pending (status ${row.status}).`);
  }

  createMiningAccount(input: unknown): Promise<MiningAccountRef> {
    return openMiningAccount(this.venue, input);
  }

  creditMiningReward(input: unknown): Promise<{ rewardId: number }> {
    return creditMiningReward(this.venue, input);
  }

  auditLog(input: unknown): Promise<AuditPage> {
    return readAuditLog(this.venue, input);
  }

  async stateHash(): Promise<{ seq: number; hash: string }> {
    const state = this.venue.state;
    const answer = { seq: state.seq, hash: stateHash(state) };
    await this.venue.barrier();
    return answer;
  }
}
