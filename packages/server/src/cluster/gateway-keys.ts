import type { SecretBox } from '../secrets/secret-box.js';
import type { Store } from '../store/port.js';
import { ApiKeyRegistry, type ApiKeyEntry } from '../venue/keys/api-keys.js';

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

  constructor(
    private readonly store: Store,
    private readonly secrets: SecretBox,
    nonceWindowMs: number,
  ) {
    this.registry = new ApiKeyRegistry(nonceWindowMs);
  }

  async get(apiKey: string): Promise<ApiKeyEntry | undefined> {
    const known = this.registry.get(apiKey);
    if (known !== undefined || performance.now() - this.loadedAt < RELOAD_EVERY_MS) return known;
    await this.load();
    return this.registry.get(apiKey);
  }

  /**
   * Reads every key from the store (a wrong master key throws here). A read asked for while one is
   * under way starts after it: what it must see may have been committed since that one began.
   */
  load(): Promise<void> {
    const read = async (): Promise<void> => {
      this.registry.load(await this.store.loadApiKeys(), [], this.secrets);
      this.loadedAt = performance.now();
    };
    const next = (this.loading ?? Promise.resolve()).then(read, read);
    this.loading = next;
    void next
      .finally(() => {
        if (this.loading === next) this.loading = undefined;
      })
      .catch(() => undefined);
    return next;
  }

  revoked(apiKey: string, at: number): void {
    const entry = this.registry.get(apiKey);
    if (entry !== undefined) this.registry.put({ ...entry.record, revokedAt: at });
  }
}
