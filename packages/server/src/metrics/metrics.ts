import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { VenueStatus } from '../venue/venue.js';
import type { CommandOutcome, StoreOperation, VenueObserver } from '../venue/sequencer/venue-observer.js';
import { LabelledCounter, type CounterSeries } from './labelled-counter.js';
import { LabelledHistogram, type HistogramSeries } from './labelled-histogram.js';
import { RateLimitMetrics } from './rate-limit-metrics.js';
import { StreamMetrics } from './stream-metrics.js';

/** Request latencies, seconds: from half a millisecond (a cached public read) to the request timeout. */
const REQUEST_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** How long one group commit takes the store, seconds: an fsync is a fraction of a millisecond to a few. */
const COMMIT_SECONDS = [0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];
/** Commands journaled by one group commit: 0 for a batch of nonces alone. */
const COMMIT_COMMANDS = [0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000];
const STORE_OPERATIONS: readonly StoreOperation[] = ['commit', 'snapshot', 'connection', 'recovery'];

/** The process's own figures (CPU, memory, event-loop lag, GC): one registry per process, however many servers it runs. */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The requests of one route (its pattern), by method and status: series made at first use, then kept. */
export class RouteRequests {
  private readonly byMethod = new Map<string, Map<number, HistogramSeries>>();

  constructor(
    private readonly route: string,
    private readonly requests: LabelledHistogram<'route' | 'method' | 'status'>,
  ) {}

  observe(method: string, status: number, seconds: number): void {
    let byStatus = this.byMethod.get(method);
    if (byStatus === undefined) {
      byStatus = new Map();
      this.byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (series === undefined) {
      series = this.requests.series({ route: this.route, method, status: String(status) });
      byStatus.set(status, series);
    }
    series.observe(seconds);
  }
}

/**
 * What every txc process exports, in the Prometheus text format (`GET /metrics`): its HTTP requests,
 * its WebSocket connections when it serves any, the process's own figures, and what a layer
 * registers in `registry` (prom-client gauges and counters, or LabelledCounter/LabelledHistogram
 * where a hot path counts). A gateway and a standby export this much; a venue's server, Metrics.
 */
export class HttpMetrics {
  readonly registry = new Registry();
  readonly contentType = Registry.PROMETHEUS_CONTENT_TYPE;
  private readonly withProcessMetrics: boolean;
  private readonly requests: LabelledHistogram<'route' | 'method' | 'status'>;
  private readonly routes = new Map<string, RouteRequests>();
  private streamMetrics: StreamMetrics | undefined;
  private rateLimitMetrics: RateLimitMetrics | undefined;
  private readonly refreshes: (() => Promise<void>)[] = [];

  constructor(options: { readonly processMetrics?: boolean } = {}) {
    this.withProcessMetrics = options.processMetrics !== false;
    this.requests = new LabelledHistogram(
      'txc_http_request_duration_seconds',
      'HTTP requests by route pattern, method and status: time from routing to the reply sent',
      REQUEST_SECONDS,
      this.registry,
      { name: 'txc_http_requests_total', help: 'HTTP requests answered, by route pattern, method and status' },
    );
  }

  /** The WebSocket API's instruments, registered at first use. */
  get streams(): StreamMetrics {
    this.streamMetrics ??= new StreamMetrics(this.registry);
    return this.streamMetrics;
  }

  /** The refusals of rate limits, registered at first use: a process that limits no rate exports none. */
  get rateLimits(): RateLimitMetrics {
    this.rateLimitMetrics ??= new RateLimitMetrics(this.registry);
    return this.rateLimitMetrics;
  }

  /** The series of one route pattern (`unmatched` for requests no route took). */
  route(pattern: string): RouteRequests {
    let r = this.routes.get(pattern);
    if (r === undefined) {
      r = new RouteRequests(pattern, this.requests);
      this.routes.set(pattern, r);
    }
    return r;
  }

  /**
   * Work done before each scrape is rendered (a read of the store behind some gauges), so that the
   * gauges' own collection stays synchronous. It must settle, failing or not, in a bounded time.
   */
  beforeRender(refresh: () => Promise<void>): void {
    this.refreshes.push(refresh);
  }

  /**
   * Everything, in the Prometheus text format. The process's figures start at the first scrape (its
   * CPU and memory are read then anyway): a server's start-up does not wait for their observers.
   */
  async render(): Promise<string> {
    await Promise.all(this.refreshes.map((refresh) => refresh()));
    const [own, process] = await Promise.all([
      this.registry.metrics(),
      this.withProcessMetrics ? processMetrics().metrics() : '',
    ]);
    return process === '' ? own : `${own}\n${process}`;
  }
}

/**
 * A venue's server's metrics: what every process exports (HttpMetrics), and the venue's own, its
 * commands, commits, store failures, rate-limit refusals and sandbox faults. The server makes one
 * and hands it to what it measures.
 */
export class Metrics extends HttpMetrics implements VenueObserver {
  private readonly commands: LabelledCounter<'type' | 'result'>;
  /** By type, then result: a series appears with its first command, as a type's `idle` rarely does. */
  private readonly commandSeries = new Map<string, Partial<Record<CommandOutcome, CounterSeries>>>();
  private readonly commitCommands: HistogramSeries;
  private readonly commitSeconds: HistogramSeries;
  private readonly storeErrors = new Map<StoreOperation, CounterSeries>();
  private readonly faults: Counter<'type'>;

  constructor(options: { readonly processMetrics?: boolean } = {}) {
    super(options);
    this.faults = new Counter({
      name: 'txc_faults_injected_total',
      help: 'Faults a sandbox rule injected: delayed or refused requests, closed sockets, refused orders of halted markets',
      labelNames: ['type'],
      registers: [this.registry],
    });
    this.commands = new LabelledCounter(
      'txc_commands_total',
      'Engine commands by type: accepted (journaled), refused, or idle (a check of the venue that found nothing to do)',
      this.registry,
    );
    this.commitCommands = new LabelledHistogram(
      'txc_group_commit_commands',
      'Commands journaled by one group commit',
      COMMIT_COMMANDS,
      this.registry,
    ).series({});
    this.commitSeconds = new LabelledHistogram(
      'txc_group_commit_duration_seconds',
      'Time the store took to make one group commit durable',
      COMMIT_SECONDS,
      this.registry,
    ).series({});
    const storeErrors = new LabelledCounter<'operation'>(
      'txc_store_errors_total',
      'Store failures: a group commit, a snapshot save, a pooled connection, a recovery attempt',
      this.registry,
    );
    for (const operation of STORE_OPERATIONS) this.storeErrors.set(operation, storeErrors.series({ operation }));
    // exported from the start, refusals or none: every server limits rates
    void this.rateLimits;
  }

  commandApplied(type: string, result: CommandOutcome): void {
    let byResult = this.commandSeries.get(type);
    if (byResult === undefined) this.commandSeries.set(type, (byResult = {}));
    (byResult[result] ??= this.commands.series({ type, result })).inc();
  }

  groupCommitted(commands: number, seconds: number): void {
    this.commitCommands.observe(commands);
    this.commitSeconds.observe(seconds);
  }

  storeFailed(operation: StoreOperation): void {
    this.storeErrors.get(operation)?.inc();
  }

  /** A sandbox's fault rule acted on a request or a socket. */
  faultInjected(type: string): void {
    this.faults.inc({ type });
  }

  /** Gauges read from the venue at each scrape: where its journal and snapshots stand, whether it takes writes. */
  watchVenue(status: () => VenueStatus): void {
    const gauge = (name: string, help: string, read: (s: VenueStatus) => number): void => {
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(read(status()));
        },
      });
    };
    gauge('txc_journal_seq', 'Seq of the last durable journal entry', (s) => s.seq);
    gauge('txc_snapshot_seq', 'Seq of the latest snapshot saved (0: none)', (s) => s.snapshotSeq);
    gauge(
      'txc_last_commit_timestamp_seconds',
      'When the last group commit became durable, Unix seconds (0: none since start)',
      (s) => (s.lastCommitAt ?? 0) / 1000,
    );
    gauge('txc_store_writable', '1 while the venue takes writes, 0 while it refuses them', (s) => (s.writable ? 1 : 0));
    gauge(
      'txc_commit_waiting_seconds',
      'How long the oldest group commit under way has waited for the store (0: none under way)',
      (s) => s.commitWaitingMs / 1000,
    );
    gauge('txc_recovering', '1 while the venue rebuilds its state after a failed commit', (s) =>
      s.recovering ? 1 : 0,
    );
  }
}
