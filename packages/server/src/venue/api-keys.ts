import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { ErrorName, Permission } from '@txc/sdk';
import type { ApiKeyRecord, StoredApiKey } from '../store/port.js';

/** An API key as the authenticator uses it: its record, HMAC key and nonce memory. */
export interface ApiKeyEntry {
  record: ApiKeyRecord;
  readonly hmacKey: KeyObject;
  readonly permissions: ReadonlySet<Permission>;
  readonly ips: ReadonlySet<string>;
  /** Highest nonce accepted without nonceWindow. */
  nonceHighWater: number;
  /** nonceWindow nonces accepted and still inside the window. */
  readonly windowNonces: Set<number>;
  windowPrunedAt: number;
}

export function generateApiKey(
  user: string,
  permissions: readonly Permission[],
  ips: readonly string[],
  nowMs: number,
): ApiKeyRecord {
  return {
    apiKey: randomBytes(16).toString('hex'),
    secret: randomBytes(32).toString('hex'),
    user,
    permissions: [...permissions],
    ips: [...ips],
    createdAt: nowMs,
    revokedAt: null,
  };
}

function entryOf(record: ApiKeyRecord, nonceHighWater: number): ApiKeyEntry {
  return {
    record,
    hmacKey: createSecretKey(Buffer.from(record.secret, 'utf8')),
    permissions: new Set(record.permissions),
    ips: new Set(record.ips),
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

  load(stored: readonly StoredApiKey[], windowNonces: readonly { apiKey: string; nonce: number }[]): void {
    this.entries.clear();
    for (const s of stored) this.entries.set(s.record.apiKey, entryOf(s.record, s.nonceHighWater));
    for (const w of windowNonces) this.entries.get(w.apiKey)?.windowNonces.add(w.nonce);
  }

  get(apiKey: string): ApiKeyEntry | undefined {
    return this.entries.get(apiKey);
  }

  put(record: ApiKeyRecord): void {
    const existing = this.entries.get(record.apiKey);
    if (existing === undefined) this.entries.set(record.apiKey, entryOf(record, 0));
    else existing.record = record;
  }

  keysOf(user: string): ApiKeyRecord[] {
    return [...this.entries.values()].filter((e) => e.record.user === user).map((e) => e.record);
  }

  /**
   * Reference §1.6: without nonceWindow a nonce must exceed the key's previous one; with it, a
   * millisecond timestamp within ±windowMs of now, never used before. Accepting records it.
   */
  checkNonce(entry: ApiKeyEntry, nonce: number, nonceWindow: boolean, nowMs: number): NonceVerdict {
    if (!nonceWindow) {
      if (nonce <= entry.nonceHighWater) return 'nonceTooLow';
      entry.nonceHighWater = nonce;
      return 'ok';
    }
    if (nonce < nowMs - this.windowMs) return 'nonceWindowTooOld';
    if (nonce > nowMs + this.windowMs) return 'nonceWindowTooNew';
    if (entry.windowNonces.has(nonce)) return 'nonceWindowReused';
    this.pruneWindow(entry, nowMs);
    entry.windowNonces.add(nonce);
    return 'ok';
  }

  /** Nonces older than the window are refused as too old anyway; forget them once in a while. */
  private pruneWindow(entry: ApiKeyEntry, nowMs: number): void {
    if (nowMs - entry.windowPrunedAt < this.windowMs) return;
    entry.windowPrunedAt = nowMs;
    const floor = nowMs - this.windowMs;
    for (const n of entry.windowNonces) if (n < floor) entry.windowNonces.delete(n);
  }
}
