import type { SecretBox } from '../secrets/secret-box.js';
import type { Store } from '../store/port.js';
import { ApiKeyRegistry, type ApiKeyEntry } from '../venue/keys/api-keys.js';
import { unavailableAfter } from './request-deadline.js';

/** The least time between two reloads of the keys that a request for an unknown key causes. */
const RELOAD_EVERY_MS = 250;

/**
 * A gateway's copy of the venue's API keys, read from the store: enough to check signatures
 * before a request travels to the leader. A key it does not know yet (made since the last read)
 * makes it read them again, at most every RELOAD_EVERY_MS; a revoked one is dropped as soon as the
 * leader says so. The leader checks every key again: a copy one moment late lets nothing through.
 */
export class GatewayKeys {
  readonly registry: ApiKeyRegistry;
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | undefined;
  /** A read asked for while one is under way, not begun yet: every ask meanwhile shares it. */
  private queued: Promise<void> | undefined;
  /**
   * Revocations the leader announced, kept across reads: the leader announces one before it is
   * durable, so a read under way may not hold it yet, and must not bring the key back.
   */
  private readonly revocations = new Map<string, number>();
  private readonly loadListeners: (() => void)[] = [];

  constructor(
    private readonly store: Store,
    private readonly secrets: SecretBox,
    nonceWindowMs: number,
  ) {
    this.registry = new ApiKeyRegistry(nonceWindowMs);
  }

  /** Told after each read of the keys: any key may have changed (the gateway checks its sockets again). */
  onLoaded(listener: () => void): void {
    this.loadListeners.push(listener);
  }

  /**
   * The key, read again from the store if it is not known yet: a store that hangs holds the request
   * for `waitMs` at most, or until it is due, then rejects as unavailable (503), rather than holding
   * it until its connection ends.
   */
  async get(apiKey: string, waitMs?: number): Promise<ApiKeyEntry | undefined> {
    const known = this.registry.get(apiKey);
    if (known !== undefined || performance.now() - this.loadedAt < RELOAD_EVERY_MS) return known;
    await unavailableAfter(this.load(), waitMs);
    return this.registry.get(apiKey);
  }

  /**
   * Reads every key from the store (a wrong master key throws here). A read asked for while one is
   * under way starts after it: what it must see may have been committed since that one began. Asked
   * for again before it begins, it is the same read: a store that hangs holds one read, not one per
   * request for an unknown key.
   */
  load(): Promise<void> {
    if (this.queued !== undefined) return this.queued;
    const read = async (): Promise<void> => {
      if (this.queued === next) this.queued = undefined;
      this.registry.load(await this.store.loadApiKeys(), [], this.secrets);
      for (const [apiKey, at] of this.revocations) this.markRevoked(apiKey, at);
      this.loadedAt = performance.now();
      for (const listen of this.loadListeners) listen();
    };
    const next: Promise<void> = (this.loading ?? Promise.resolve()).then(read, read);
    if (this.loading !== undefined) this.queued = next;
    this.loading = next;
    void next
      .finally(() => {
        if (this.loading === next) this.loading = undefined;
      })
      .catch(() => undefined);
    return next;
  }

  revoked(apiKey: string, at: number): void {
    this.revocations.set(apiKey, at);
    this.markRevoked(apiKey, at);
  }

  private markRevoked(apiKey: string, at: number): void {
    const entry = this.registry.get(apiKey);
    if (entry !== undefined && entry.record.revokedAt === null) this.registry.put({ ...entry.record, revokedAt: at });
  }
}
