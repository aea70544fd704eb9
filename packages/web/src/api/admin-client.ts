import { TxcError } from '@txc/sdk';
import { BASE_URL, serverFetch } from './connection.js';

export interface UserBalances {
  readonly name: string;
  readonly eea: boolean;
  readonly balances: {
    readonly main: Record<string, string>;
    readonly spot: Record<string, { available: string; freeze: string }>;
    readonly collateral: Record<string, string>;
  };
}

export interface NewApiKey {
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly permissions: string[];
  readonly ips: string[];
}

export interface PendingWithdrawal {
  readonly transactionId: string;
  readonly user: string;
  readonly ticker: string;
  readonly network: string;
  readonly address: string;
  readonly amount: string;
  readonly fee: string;
  readonly payout: string;
  readonly partialEnable: boolean;
  readonly createdAt: number;
}

export interface AuditEntry {
  readonly id: number;
  readonly at: string;
  readonly actor: string;
  readonly ip: string | null;
  readonly action: string;
  readonly target: string;
  readonly stage: string;
  readonly status: number | null;
}

/** How the simulator runs one market (`GET /admin/v1/simulator`). */
export interface MarketSimulation {
  readonly market: string;
  readonly spread: string;
  readonly depth: number;
  readonly tradesPerMinute: number;
  readonly volatility: string;
}

export type SimulationChange = Partial<Omit<MarketSimulation, 'market'>> & { readonly market: string };

/** A saved copy of the venue (`GET /admin/v1/states`). */
export interface SavedState {
  readonly name: string;
  readonly seq: number;
  readonly hash: string;
  readonly store: 'sqlite' | 'postgres';
  /** Unix milliseconds. */
  readonly savedAt: number;
  readonly bytes: number;
}

/** A saved state as listed: `problem` says what keeps it from loading (only the name is known when its description is unreadable). */
export type ListedState =
  (SavedState & { readonly problem?: string }) | { readonly name: string; readonly problem: string };

export type FaultType = 'latency' | 'error' | 'closeSockets' | 'pauseStream' | 'haltMarket';

/** A fault rule to add: its type, how long it lasts (until cleared without `seconds`) and its type's fields. */
export interface FaultRequest {
  readonly type: FaultType;
  readonly seconds?: number;
  readonly routes?: string[];
  readonly ms?: number;
  readonly random?: boolean;
  readonly status?: number;
  readonly share?: string;
  readonly afterSeconds?: number;
  readonly channel?: string;
  readonly market?: string;
}

/** A fault rule in force, as the admin API lists it. */
export type FaultRule = Omit<FaultRequest, 'seconds'> & {
  readonly id: number;
  /** Unix milliseconds. */
  readonly createdAt: number;
  /** Unix milliseconds; null until cleared. */
  readonly expiresAt: number | null;
};

/** How long a save, load or reset may take: it copies the whole venue, minutes on a large one. */
const WHOLE_VENUE_MS = 10 * 60_000;

/**
 * The admin API (/admin/v1) with the operator's bearer token. Its refusals are thrown as the SDK's
 * TxcError, so that every view shows API errors the same way.
 */
export class AdminClient {
  constructor(private readonly token: string) {}

  private async send<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
    timeoutMs?: number,
  ): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.token}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const init = { method, headers, body: body === undefined ? null : JSON.stringify(body) };
    const response = await serverFetch(`${BASE_URL}${path}`, init, timeoutMs);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // kept as text for the error
    }
    if (!response.ok) throw new TxcError(response.status, parsed);
    return parsed as T;
  }

  stateHash(): Promise<{ seq: number; hash: string }> {
    return this.send('GET', '/admin/v1/state');
  }

  createUser(name: string, eea: boolean): Promise<{ name: string; eea: boolean }> {
    return this.send('POST', '/admin/v1/users', { name, eea });
  }

  showUser(name: string): Promise<UserBalances> {
    return this.send('GET', `/admin/v1/users/${encodeURIComponent(name)}`);
  }

  createApiKey(user: string, permissions?: string[]): Promise<NewApiKey> {
    return this.send(
      'POST',
      `/admin/v1/users/${encodeURIComponent(user)}/api-keys`,
      permissions ? { permissions } : {},
    );
  }

  revokeApiKey(apiKey: string): Promise<{ revoked: true }> {
    return this.send('DELETE', `/admin/v1/api-keys/${encodeURIComponent(apiKey)}`);
  }

  deposit(user: string, ticker: string, amount: string): Promise<{ transactionId: string }> {
    return this.send('POST', '/admin/v1/deposits', { user, ticker, amount });
  }

  pendingWithdrawals(): Promise<PendingWithdrawal[]> {
    return this.send('GET', '/admin/v1/withdrawals');
  }

  completeWithdrawal(transactionId: string): Promise<{ transactionId: string; status: number }> {
    return this.send('POST', `/admin/v1/withdrawals/${encodeURIComponent(transactionId)}/complete`, {});
  }

  rejectWithdrawal(transactionId: string, reason?: string): Promise<{ transactionId: string; status: number }> {
    return this.send(
      'POST',
      `/admin/v1/withdrawals/${encodeURIComponent(transactionId)}/reject`,
      reason === undefined ? {} : { reason },
    );
  }

  setIndexPrice(ticker: string, price: string): Promise<{ ticker: string; price: string }> {
    return this.send('POST', '/admin/v1/index-prices', { ticker, price });
  }

  settleFunding(market: string): Promise<{ market: string; fundingRate: string; settledAt: number }> {
    return this.send('POST', '/admin/v1/funding/settle', { market });
  }

  auditLog(limit: number, after?: number): Promise<{ entries: AuditEntry[]; next: number | null }> {
    const from = after === undefined || after === 0 ? '' : `&after=${after}`;
    return this.send('GET', `/admin/v1/audit?limit=${limit}${from}`);
  }

  simulator(): Promise<MarketSimulation[]> {
    return this.send('GET', '/admin/v1/simulator');
  }

  setSimulator(change: SimulationChange): Promise<MarketSimulation> {
    return this.send('POST', '/admin/v1/simulator', change);
  }

  savedStates(): Promise<ListedState[]> {
    return this.send('GET', '/admin/v1/states');
  }

  saveState(name: string, replace: boolean): Promise<SavedState> {
    return this.send('POST', '/admin/v1/states', replace ? { name, replace } : { name }, WHOLE_VENUE_MS);
  }

  loadState(name: string): Promise<SavedState> {
    return this.send('POST', `/admin/v1/states/${encodeURIComponent(name)}/load`, undefined, WHOLE_VENUE_MS);
  }

  deleteState(name: string): Promise<{ deleted: string }> {
    return this.send('DELETE', `/admin/v1/states/${encodeURIComponent(name)}`);
  }

  reset(): Promise<SavedState> {
    return this.send('POST', '/admin/v1/reset', undefined, WHOLE_VENUE_MS);
  }

  faults(): Promise<FaultRule[]> {
    return this.send('GET', '/admin/v1/faults');
  }

  addFault(rule: FaultRequest): Promise<FaultRule> {
    return this.send('POST', '/admin/v1/faults', rule);
  }

  clearFault(id: number): Promise<{ cleared: number }> {
    return this.send('DELETE', `/admin/v1/faults/${id}`);
  }

  clearFaults(): Promise<{ cleared: number }> {
    return this.send('DELETE', '/admin/v1/faults');
  }
}
