import type { Registry } from 'prom-client';
import { LabelledCounter, type CounterSeries } from './labelled-counter.js';

/**
 * Requests refused by a rate limit, by limit group: one series for a venue's server and a cluster's
 * gateway alike, so that a dashboard or an alert on refusals sees every process that refuses.
 */
export class RateLimitMetrics {
  private readonly refusals: LabelledCounter<'group'>;
  private readonly byGroup = new Map<string, CounterSeries>();

  constructor(registry: Registry) {
    this.refusals = new LabelledCounter(
      'txc_rate_limit_refusals_total',
      'Requests refused by a rate limit, by limit group (ip, public, or the endpoint group)',
      registry,
    );
  }

  refused(group: string): void {
    let s = this.byGroup.get(group);
    if (s === undefined) {
      s = this.refusals.series({ group });
      this.byGroup.set(group, s);
    }
    s.inc();
  }
}
