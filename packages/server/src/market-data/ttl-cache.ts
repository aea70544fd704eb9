/**
 * Answers computed at most once per `ttlMs` per key, as the API caches its public data (ticker
 * 1 s, order book 100 ms): a second request within the period answers the same body.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: V }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  get(key: string, compute: () => V): V {
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit !== undefined && t - hit.at < this.ttlMs) return hit.value;
    const value = compute();
    this.entries.set(key, { at: t, value });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
