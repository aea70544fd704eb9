import type { SavedStateListing, SavedStateView } from '../admin/saved-states.js';
import type {
  AdminOperations,
  CreatedApiKey,
  FundingSettledView,
  LedgerView,
  PendingWithdrawalView,
  UserView,
  WithdrawalStatusView,
} from '../admin/admin-operations.js';
import type { AuditPage } from '../admin/audit-log.js';
import type { MiningAccountRef } from '../admin/mining-refusal.js';
import type { UserFeeView } from '../admin/set-user-fee.js';
import { ADMIN_ACTOR_HEADER } from '../http/admin-actor-header.js';
import { cliActor } from './cli-actor.js';
import { OperatorError } from './operator-error.js';

/** An answer's JSON; null for an empty or non-JSON body (a proxy's error page, say). */
function parseAnswer(text: string): unknown {
  try {
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** The admin operations of a running server, through its admin API. */
export class RemoteAdmin implements AdminOperations {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly actor: string = cliActor(),
    /** Where the token came from, said when the server refuses it. */
    private readonly tokenSource = 'the token given',
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await this.send(method, path, body);
    } catch (e) {
      const cause = e instanceof Error && e.cause instanceof Error ? e.cause.message : String(e);
      throw new OperatorError(`cannot reach the server holding the data dir at ${this.baseUrl}: ${cause}`);
    }
    const text = await response.text();
    const parsed = parseAnswer(text);
    if (response.status === 401) {
      // a server given its token by flag or environment does not use (nor rewrite) the data dir's file
      throw new OperatorError(
        `the server at ${this.baseUrl} refused the admin token (${this.tokenSource}): a server started with ` +
          '--admin-token or TXC_ADMIN_TOKEN takes that token only; give the CLI the same',
      );
    }
    if (!response.ok) {
      // the message the local store would give: the operator's error, said the same way
      throw new OperatorError((parsed as { error?: string } | null)?.error ?? `HTTP ${response.status}: ${text}`);
    }
    return parsed as T;
  }

  private send(method: string, path: string, body: unknown): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        [ADMIN_ACTOR_HEADER]: this.actor,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  createUser(input: unknown): Promise<{ name: string; eea: boolean }> {
    return this.call('POST', '/admin/v1/users', input);
  }

  showUser(name: string): Promise<UserView> {
    return this.call('GET', `/admin/v1/users/${encodeURIComponent(name)}`);
  }

  createApiKey(user: string, input: unknown): Promise<CreatedApiKey> {
    return this.call('POST', `/admin/v1/users/${encodeURIComponent(user)}/api-keys`, input);
  }

  revokeApiKey(apiKey: string): Promise<{ revoked: true }> {
    return this.call('DELETE', `/admin/v1/api-keys/${encodeURIComponent(apiKey)}`);
  }

  deposit(input: unknown): Promise<{ transactionId: string }> {
    return this.call('POST', '/admin/v1/deposits', input);
  }

  createMiningAccount(input: unknown): Promise<MiningAccountRef> {
    return this.call('POST', '/admin/v1/mining-accounts', input);
  }

  creditMiningReward(input: unknown): Promise<{ rewardId: number }> {
    return this.call('POST', '/admin/v1/mining/rewards', input);
  }

  pendingWithdrawals(): Promise<PendingWithdrawalView[]> {
    return this.call('GET', '/admin/v1/withdrawals');
  }

  completeWithdrawal(transactionId: string, input: unknown): Promise<WithdrawalStatusView> {
    return this.call('POST', `/admin/v1/withdrawals/${encodeURIComponent(transactionId)}/complete`, input);
  }

  rejectWithdrawal(transactionId: string, input: unknown): Promise<WithdrawalStatusView> {
    return this.call('POST', `/admin/v1/withdrawals/${encodeURIComponent(transactionId)}/reject`, input);
  }

  ledger(): Promise<LedgerView> {
    return this.call('GET', '/admin/v1/ledger');
  }

  setIndexPrice(input: unknown): Promise<{ ticker: string; price: string }> {
    return this.call('POST', '/admin/v1/index-prices', input);
  }

  setUserFee(user: string, input: unknown): Promise<UserFeeView> {
    return this.call('POST', `/admin/v1/users/${encodeURIComponent(user)}/fees`, input);
  }

  fundLendingPool(input: unknown): Promise<{ ticker: string; amount: string; lendingPool: string }> {
    return this.call('POST', '/admin/v1/lending-pool', input);
  }

  settleFunding(input: unknown): Promise<FundingSettledView> {
    return this.call('POST', '/admin/v1/funding/settle', input);
  }

  stateHash(): Promise<{ seq: number; hash: string }> {
    return this.call('GET', '/admin/v1/state');
  }

  auditLog(input: unknown): Promise<AuditPage> {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) {
      if (typeof v === 'string' || typeof v === 'number') query.set(k, String(v));
    }
    const text = query.toString();
    return this.call('GET', `/admin/v1/audit${text === '' ? '' : `?${text}`}`);
  }

  listStates(): Promise<SavedStateListing[]> {
    return this.call('GET', '/admin/v1/states');
  }

  saveState(input: unknown): Promise<SavedStateView> {
    return this.call('POST', '/admin/v1/states', input);
  }

  loadState(name: string): Promise<SavedStateView> {
    return this.call('POST', `/admin/v1/states/${encodeURIComponent(name)}/load`);
  }

  deleteState(name: string): Promise<{ deleted: string }> {
    return this.call('DELETE', `/admin/v1/states/${encodeURIComponent(name)}`);
  }

  reset(): Promise<SavedStateView> {
    return this.call('POST', '/admin/v1/reset');
  }
}
