import type { Metric, Registry } from 'prom-client';

type Labels<N extends string> = Readonly<Record<N, string>>;

/** One series of a LabelledCounter: the caller keeps it, so that counting is an addition. */
export interface CounterSeries {
  inc(by?: number): void;
}

interface Series<N extends string> extends CounterSeries {
  readonly labels: Labels<N>;
  value: number;
}

/**
 * A Prometheus counter whose series are objects the caller keeps: prom-client's own counters build
 * a string from the labels at every increment, which a per-request path should not pay. Exported
 * as prom-client exports a counter (registered as a metric of the registry).
 */
export class LabelledCounter<N extends string> {
  readonly type = 'counter';
  readonly aggregator = 'sum';
  private readonly all: Series<N>[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Metric);
  }

  /** A new series: call once per label set and keep it. */
  series(labels: Labels<N>): CounterSeries {
    const s: Series<N> = {
      labels,
      value: 0,
      inc(by = 1) {
        this.value += by;
      },
    };
    this.all.push(s);
    return s;
  }

  get(): Promise<{ name: string; help: string; type: 'counter'; aggregator: 'sum'; values: object[] }> {
    return Promise.resolve({
      name: this.name,
      help: this.help,
      type: this.type,
      aggregator: this.aggregator,
      values: this.all.map((s) => ({ labels: s.labels, value: s.value })),
    });
  }

  reset(): void {
    for (const s of this.all) s.value = 0;
  }
}
