import { randomBytes } from 'node:crypto';
import type { State } from '@txc/core';
import type { ErrorName, Permission, PrivateEndpoint } from '@txc/sdk';
import { SecretBox } from '../../secrets/secret-box.js';
import type { ApiKeyRecord, StoredApiKey, SubAccountKeyProfile } from '../../store/port.js';
import { EndpointAccess } from './endpoint-access.js';
import { HmacSha512Key } from './hmac-sha512-key.js';
import { IpAllowList } from './ip-allow-list.js';

/**
 * Whether `user` is a sub-account that is blocked or deleted: its keys then sign no request (403
 * code 2) and authorize no socket (docs/decisions.md, "WebSocket tokens"), until it is unblocked.
 */
export function accountBlocked(state: State, user: string): boolean {
  return (state.subAccounts.get(user)?.status ?? 'active') !== 'active';
}

/**
 * Whether the key may call the endpoint: its permissions, and a sub-account key's endpoint settings.
 * The socket's order methods ask it too, of the REST endpoint each stands for.
 */
export function mayCall(entry: ApiKeyEntry, endpoint: PrivateEndpoint): boolean {
  return entry.permissions.has(endpoint.permission) && entry.access.allows(endpoint.path);
}

/** An API key as the authenticator uses it: its record, HMAC key and nonce memory. */
export interface ApiKeyEntry {
  record: ApiKeyRecord;
  /** Its pad blocks: the only form the plaintext secret takes in memory after creation. */
  readonly hmacKey: HmacSha512Key;
  /** The next three follow the record: a changed record rebuilds them. */
  permissions: ReadonlySet<Permission>;
  ips: IpAllowList;
  access: EndpointAccess;
  /** When the key last signed a request the venue accepted (ms since the epoch), 0 if never since start. */
  lastUsedAt: number;
  /** Highest nonce accepted without nonceWindow. */
  nonceHighWater: number;
  /** nonceWindow nonces accepted and still inside the window. */
  readonly windowNonces: Set<number>;
  windowPrunedAt: number;
}

/** What a key's secret is sealed for: its own key id, so that a sealed secret opens in its own row only. */
export function secretContext(apiKey: string): string {
  return `txc/api-key/${apiKey}`;
}

/** A new key: the record to store (secret sealed) and the secret, shown once to whoever asked for it. */
export function generateApiKey(
  user: string,
  permissions: readonly Permission[],
  ips: readonly string[],
  nowMs: number,
  box: SecretBox,
  subAccountKey?: SubAccountKeyProfile,
): { record: ApiKeyRecord; secret: string } {
  const apiKey = randomBytes(16).toString('hex');
  const secret = randomBytes(32).toString('hex');
  const record: ApiKeyRecord = {
    apiKey,
    sealedSecret: box.seal(secret, secretContext(apiKey)),
    user,
    permissions: [...permissions],
    ips: [...ips],
    createdAt: nowMs,
    revokedAt: null,
    ...(subAccountKey === undefined ? {} : { subAccountKey }),
  };
  return { record, secret };
}

function entryOf(record: ApiKeyRecord, secret: string, nonceHighWater: number): ApiKeyEntry {
  return {
    record,
    hmacKey: new HmacSha512Key(Buffer.from(secret, 'utf8')),
    permissions: new Set(record.permissions),
    ips: IpAllowList.of(record.ips),
    access: EndpointAccess.of(record.subAccountKey),
    lastUsedAt: 0,
    nonceHighWater,
    windowNonces: new Set(),
    windowPrunedAt: 0,
  };
}

export type NonceVerdict =
  'ok' | Extract<ErrorName, 'nonceTooLow' | 'nonceWindowTooOld' | 'nonceWindowTooNew' | 'nonceWindowReused'>;

/** Every API key of the venue, in memory; the store holds them durably. */
export class ApiKeyRegistry {
  private readonly entries = new Map<string, ApiKeyEntry>();

  constructor(private readonly windowMs: number) {}

  /**
   * Replaces every key with the stored ones, opening their secrets (a wrong master key or an altered
   * row throws here, at start-up). Answers the records whose secret was still stored in plaintext
   * (stores written before secrets were sealed), now sealed, for the caller to write back.
   */
  load(
    stored: readonly StoredApiKey[],
    windowNonces: readonly { apiKey: string; nonce: number }[],
    box: SecretBox,
  ): ApiKeyRecord[] {
    const resealed: ApiKeyRecord[] = [];
    const entries = new Map<string, ApiKeyEntry>();
    for (const { record, nonceHighWater } of stored) {
      const context = secretContext(record.apiKey);
      let current = record;
      let secret: string;
      if (SecretBox.isSealed(record.sealedSecret)) secret = box.open(record.sealedSecret, context);
      else {
        secret = record.sealedSecret;
        current = { ...record, sealedSecret: box.seal(secret, context) };
        resealed.push(current);
      }
      entries.set(record.apiKey, entryOf(current, secret, nonceHighWater));
    }
    this.entries.clear();
    for (const [apiKey, entry] of entries) this.entries.set(apiKey, entry);
    for (const w of windowNonces) this.entries.get(w.apiKey)?.windowNonces.add(w.nonce);
    return resealed;
  }

  get(apiKey: string): ApiKeyEntry | undefined {
    return this.entries.get(apiKey);
  }

  /** A new key (its secret given) or a changed record of a known one (revocation, allow-list, settings). */
  put(record: ApiKeyRecord, secret?: string): void {
    const existing = this.entries.get(record.apiKey);
    if (existing !== undefined) {
      existing.record = record;
      existing.permissions = new Set(record.permissions);
      existing.ips = IpAllowList.of(record.ips);
      existing.access = EndpointAccess.of(record.subAccountKey);
    } else if (secret !== undefined) this.entries.set(record.apiKey, entryOf(record, secret, 0));
    else throw new Error(`API key ${record.apiKey} is not known and no secret was given`);
  }

  /** Every key's entry, revoked ones included. */
  all(): IterableIterator<ApiKeyEntry> {
    return this.entries.values();
  }

  keysOf(user: string): ApiKeyRecord[] {
    return [...this.entries.values()].filter((e) => e.record.user === user).map((e) => e.record);
  }

  /**
   * Reference §1.6: without nonceWindow a nonce must exceed the key's previous one; with it, a
   * millisecond timestamp within ±windowMs of now, never used before. Accepting records it.
   */
  checkNonce(entry: ApiKeyEntry, nonce: number, nonceWindow: boolean, nowMs: number): NonceVerdict {
    const verdict = this.nonceVerdict(entry, nonce, nonceWindow, nowMs);
    if (verdict !== 'ok') return verdict;
    if (!nonceWindow) {
      entry.nonceHighWater = nonce;
      return 'ok';
    }
    this.pruneWindow(entry, nowMs);
    entry.windowNonces.add(nonce);
    return 'ok';
  }

  /** What `checkNonce` would answer, recording nothing. */
  nonceVerdict(entry: ApiKeyEntry, nonce: number, nonceWindow: boolean, nowMs: number): NonceVerdict {
    if (!nonceWindow) return nonce <= entry.nonceHighWater ? 'nonceTooLow' : 'ok';
    if (nonce < nowMs - this.windowMs) return 'nonceWindowTooOld';
    if (nonce > nowMs + this.windowMs) return 'nonceWindowTooNew';
    return entry.windowNonces.has(nonce) ? 'nonceWindowReused' : 'ok';
  }

  /** Nonces older than the window are refused as too old anyway; forget them once in a while. */
  private pruneWindow(entry: ApiKeyEntry, nowMs: number): void {
    if (nowMs - entry.windowPrunedAt < this.windowMs) return;
    entry.windowPrunedAt = nowMs;
    const floor = nowMs - this.windowMs;
    for (const n of entry.windowNonces) if (n < floor) entry.windowNonces.delete(n);
  }
}
