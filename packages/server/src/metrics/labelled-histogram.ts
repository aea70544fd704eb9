import type { Metric, Registry } from 'prom-client';

type Labels<N extends string> = Readonly<Record<N, string>>;

/** One series of a LabelledHistogram, kept by the caller. */
export interface HistogramSeries {
  observe(value: number): void;
  /** Observations so far (what a `_count` line shows). */
  readonly count: number;
}

class Series<N extends string> implements HistogramSeries {
  /** Observations per bucket, not cumulative (the last one is +Inf). */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Labels<N>,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    let i = 0;
    while (i < this.bounds.length && value > (this.bounds[i] as number)) i++;
    this.counts[i] = (this.counts[i] as number) + 1;
    this.sum += value;
    this.count++;
  }
}

/**
 * A Prometheus histogram whose series are objects the caller keeps (see LabelledCounter): an
 * observation is a bucket search and three additions. Optionally also exports every series' count
 * as a counter of its own (`countName`), so that a request count needs no second increment.
 */
export class LabelledHistogram<N extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly all: Series<N>[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
    registry: Registry,
    count?: { readonly name: string; readonly help: string },
  ) {
    registry.registerMetric(this as unknown as Metric);
    if (count !== undefined) {
      const counter = {
        name: count.name,
        help: count.help,
        type: 'counter',
        aggregator: 'sum',
        get: () =>
          Promise.resolve({
            ...counter,
            values: this.all.map((s) => ({ labels: s.labels, value: s.count })),
          }),
        reset: () => undefined,
      };
      registry.registerMetric(counter as unknown as Metric);
    }
  }

  /** A new series: call once per label set and keep it. */
  series(labels: Labels<N>): HistogramSeries {
    const s = new Series(labels, this.buckets);
    this.all.push(s);
    return s;
  }

  get(): Promise<{ name: string; help: string; type: 'histogram'; aggregator: 'sum'; values: object[] }> {
    const values: object[] = [];
    for (const s of this.all) {
      let cumulative = 0;
      for (let i = 0; i <= this.buckets.length; i++) {
        cumulative += s.counts[i] as number;
        const le = i < this.buckets.length ? (this.buckets[i] as number) : '+Inf';
        values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le }, value: cumulative });
      }
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values,
    });
  }

  reset(): void {
    for (const s of this.all) {
      s.counts.fill(0);
      s.sum = 0;
      s.count = 0;
    }
  }
}
